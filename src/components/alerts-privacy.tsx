import React from 'react';
import { useTranslation } from 'react-i18next';
import { textList } from '../i18n/locale-lists';
import { usePageLanguage } from '../i18n/runtime';
import * as styles from './legal-document.module.css';

/**
 * What the Telegram alerts keep, why, for how long and how to stop them (CONTRACT.md, "Telegram
 * alerts"), in the page's own language: the privacy page's English policy (SPEC.md) stays as it is,
 * and this part follows it, marked with the page's language for screen readers and translators.
 */
export function AlertsPrivacy() {
  const { t } = useTranslation('alerts-privacy');
  const { language } = usePageLanguage();
  return (
    <section className="container" lang={language.htmlLang} aria-labelledby="alerts-privacy">
      <div className={styles.document}>
        <div className={styles.section}>
          <h2 id="alerts-privacy" className={styles.title}>
            {t('title')}
          </h2>
          {textList(t, 'paragraphs').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
    </section>
  );
}
