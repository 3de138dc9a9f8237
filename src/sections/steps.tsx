import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { site } from '../config/site';
import { ArrowRightIcon } from '../components/ui-icons';
import { SectionHeading } from '../components/section-heading';
import { localizedPath } from '../i18n/paths';
import { usePageLanguage } from '../i18n/runtime';
import * as styles from './steps.module.css';

/** Register with the bot, find or post a load, make the deal directly (SPEC.md section 1). */
export function Steps() {
  const { t } = useTranslation(['sections', 'common']);
  const { language } = usePageLanguage();
  return (
    <section className={styles.section} aria-labelledby="steps-title">
      <div className="container">
        <SectionHeading id="steps-title" title={t('steps.title')} lead={t('steps.lead')} />
        <ol className={styles.list}>
          <li className={styles.step}>
            <h3 className={styles.title}>{t('steps.items.register.title')}</h3>
            <p className={styles.text}>{t('steps.items.register.text')}</p>
            <a className={styles.action} href={site.bot} target="_blank" rel="noopener noreferrer">
              {t('steps.items.register.action')}
              <ArrowRightIcon size={18} />
              <span className="visually-hidden">{t('common:newTab')}</span>
            </a>
          </li>
          <li className={styles.step}>
            <h3 className={styles.title}>{t('steps.items.find.title')}</h3>
            <p className={styles.text}>{t('steps.items.find.text')}</p>
            <Link className={styles.action} to={localizedPath(ROUTES.loads, language)}>
              {t('steps.items.find.action')}
              <ArrowRightIcon size={18} />
            </Link>
          </li>
          <li className={styles.step}>
            <h3 className={styles.title}>{t('steps.items.deal.title')}</h3>
            <p className={styles.text}>{t('steps.items.deal.text')}</p>
          </li>
        </ol>
      </div>
    </section>
  );
}
