import React from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../config/site';
import { CheckIcon, CrossIcon } from '../components/ui-icons';
import { SectionHeading } from '../components/section-heading';
import { recordList } from '../i18n/locale-lists';
import * as styles from './comparison.module.css';

/** The old way of finding freight beside the product's, row by row (SPEC.md section 1). */
export function Comparison() {
  const { t } = useTranslation('sections');
  const rows = recordList(t, 'comparison.rows', { before: 'text', after: 'text' });
  return (
    <section className={styles.section} aria-labelledby="comparison-title">
      <div className="container">
        <SectionHeading id="comparison-title" title={t('comparison.title', { brand: site.brand })} lead={t('comparison.lead')} />
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" className={styles.before}>
                {t('comparison.beforeTitle')}
              </th>
              <th scope="col" className={styles.after}>
                {t('comparison.afterTitle', { brand: site.brand })}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.before}>
                <td className={styles.beforeCell}>
                  <CrossIcon size={20} />
                  <span>{row.before}</span>
                </td>
                <td className={styles.afterCell}>
                  <CheckIcon size={20} />
                  <span>{row.after}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
