import React from 'react';
import type { TFunction } from 'i18next';
import { SCAM_HELP_ID } from '../config/routes';
import { textList } from '../i18n/locale-lists';
import * as styles from './help-scam.module.css';

/**
 * The help page's part on the two-sided scam, which a card whose price is well above its route's usual
 * links (src/loads/price-position.ts): a section of its own beside the FAQ, so the link lands on it open
 * and the FAQ's one-open group stays as it is.
 */
export function HelpScam({ t, variables }: { t: TFunction; variables: Record<string, string> }) {
  const titleId = `${SCAM_HELP_ID}-title`;
  return (
    <section id={SCAM_HELP_ID} className={`container ${styles.section}`} aria-labelledby={titleId}>
      <div className={styles.box}>
        <h2 id={titleId}>{t('help:scam.title')}</h2>
        {textList(t, 'help:scam.paragraphs', variables).map((text) => (
          <p key={text}>{text}</p>
        ))}
        <h3>{t('help:scam.adviceTitle')}</h3>
        <ul>
          {textList(t, 'help:scam.advice', variables).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
