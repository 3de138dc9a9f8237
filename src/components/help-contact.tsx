import React from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../config/site';
import { PhoneIcon, TelegramIcon } from './contact-icons';
import * as styles from './help-contact.module.css';

/** The support channel and the phone, as the two ways to ask a person. */
export function HelpContact() {
  const { t } = useTranslation(['help', 'common']);
  return (
    <section className={`container ${styles.section}`} aria-labelledby="contact-title">
      <div className={styles.box}>
        <h2 id="contact-title" className={styles.title}>
          {t('contact.title')}
        </h2>
        <p className={styles.text}>{t('contact.text')}</p>
        <ul className={styles.list}>
          <li>
            <a className={styles.link} href={site.telegramChannel} target="_blank" rel="noopener noreferrer">
              <TelegramIcon size={24} />
              <span>{t('contact.telegram')}</span>
              <span className="visually-hidden">{t('common:newTab')}</span>
            </a>
          </li>
          <li>
            <a className={styles.link} href={`tel:${site.phone}`}>
              <PhoneIcon size={24} />
              <span>
                <span className="visually-hidden">{t('contact.phone')}: </span>
                {site.phoneDisplay}
              </span>
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
