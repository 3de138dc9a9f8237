import React from 'react';
import { telegramShareUrl } from '../loads/share';
import { useClientValue } from './use-client-value';

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

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * "Share in Telegram" as a plain link (works without script, and for crawlers), and the system's share
 * sheet where the browser has one: that button appears only after hydration, since the server cannot
 * know (useClientValue), and costs no request of anyone's.
 */
export function ShareLinks({ url, text, subject, texts, className, buttonClassName }: Props) {
  const native = useClientValue(canShareNatively, false);
  const share = () => {
    // Rejected when the person closes the sheet or the browser refuses: nothing to tell them, and
    // the Telegram link beside the button still works.
    navigator.share({ url, text }).catch(() => undefined);
  };
  return (
    <p className={className}>
      <a href={telegramShareUrl(url, text)} target="_blank" rel="noopener">
        {texts.telegram}
        <span className="visually-hidden">{` (${subject}) ${texts.newTab}`}</span>
      </a>
      {native ? (
        <button type="button" className={buttonClassName} onClick={share}>
          {texts.native}
          <span className="visually-hidden">{` (${subject})`}</span>
        </button>
      ) : null}
    </p>
  );
}
