import React from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../config/site';
import { recordList } from '../i18n/locale-lists';
import * as styles from './legal-document.module.css';

/** Legal dates are shown in English, like the legal text itself (SPEC.md section 2). */
export function formatLegalDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * A numbered legal text from a namespace: `updated` (ISO date), `updatedLabel` and `sections`, each
 * with a title, paragraphs and an optional bullet list. Contacts and the brand come from site config.
 */
export function LegalDocument({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  const sections = recordList(
    t,
    'sections',
    { title: 'text', paragraphs: 'list', items: 'list' },
    { brand: site.brand, email: site.email, phone: site.phoneDisplay },
  );
  const updated = t('updated');
  return (
    <article className="container">
      <div className={styles.document}>
        <p className={styles.updated}>
          {t('updatedLabel')}: <time dateTime={updated}>{formatLegalDate(updated)}</time>
        </p>
        {sections.map((section, index) => {
          const id = `${ns}-section-${index + 1}`;
          return (
            <section key={section.title} aria-labelledby={id} className={styles.section}>
              <h2 id={id} className={styles.title}>
                {index + 1}. {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.items.length > 0 ? (
                <ul className={styles.items}>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
    </article>
  );
}
