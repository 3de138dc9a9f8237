import React from 'react';
import { useTranslation } from 'react-i18next';
import { PINNED_TEXT_LANG } from '../config/languages';
import * as styles from './page-intro.module.css';

/** SPEC.md's routing fallback: 'Unexpected Application Error!' with the status or message. */
export function UnexpectedError({ error }: { error: Error & { status?: number } }) {
  const { t } = useTranslation('common');
  const detail = error.status ? String(error.status) : error.message || String(error);
  return (
    <section className={`container ${styles.intro}`} role="alert">
      <h1 lang={PINNED_TEXT_LANG}>{t('errors.unexpected')}</h1>
      <p>
        <code>{detail}</code>
      </p>
      <p>
        {/* Shown only after a render failed in the browser, so a script-driven reload always works. */}
        <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </p>
    </section>
  );
}
