import React from 'react';
import { telegramShareUrl } from '../loads/share';

export interface ShareTexts {
  telegram: string;
  native: string;
  newTab: string;
}

interface Props {
  /** The absolute canonical URL of what is shared. */
  url: string;
  /** The one line it travels with. */
  text: string;
  /**
   * What is shared, for screen readers: twenty cards' links must not all sound alike. In parentheses
   * after a space, since browsers put a space before hidden text anyway (it is out of the flow).
   */
  subject: string;
  texts: ShareTexts;
  className?: string;
  buttonClassName?: string;
}

/**
 * "Share in Telegram" as a plain link (works without script, and for crawlers), and the system's share
 * sheet where the browser has one: the button is in the HTML, hidden until `enableNativeShare`
 * (native-share.ts) finds a share sheet, and its click is handled by one listener on the document. So a
 * card needs no script of its own, and a list of cards can stay the build's HTML, never hydrated
 * (islands.tsx). It costs no request of anyone's.
 */
export function ShareLinks({ url, text, subject, texts, className, buttonClassName }: Props) {
  return (
    <p className={className}>
      <a href={telegramShareUrl(url, text)} target="_blank" rel="noopener">
        {texts.telegram}
        <span className="visually-hidden">{` (${subject}) ${texts.newTab}`}</span>
      </a>
      <button type="button" className={buttonClassName} data-share-url={url} data-share-text={text}>
        {texts.native}
        <span className="visually-hidden">{` (${subject})`}</span>
      </button>
    </p>
  );
}
