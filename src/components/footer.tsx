import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { FOOTER_ROUTES, ROUTES } from '../config/routes';
import { site } from '../config/site';
import { localizedPath } from '../i18n/paths';
import { usePageLanguage } from '../i18n/runtime';
import { StoreButtons } from './store-buttons';
import { InstagramIcon, MailIcon, PhoneIcon, PinIcon, TelegramIcon, YoutubeIcon } from './contact-icons';
import * as styles from './footer.module.css';

const SOCIAL = [
  { name: 'telegram', href: site.social.telegram, Icon: TelegramIcon },
  { name: 'instagram', href: site.social.instagram, Icon: InstagramIcon },
  { name: 'youtube', href: site.social.youtube, Icon: YoutubeIcon },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  const { language } = usePageLanguage();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.brand}>
            {site.brand}
          </h2>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <ul className={styles.social} aria-label={t('footer.social')}>
            {SOCIAL.map(({ name, href, Icon }) => (
              <li key={name}>
                <a className={styles.socialLink} href={href} target="_blank" rel="noopener noreferrer">
                  <Icon size={22} />
                  <span className="visually-hidden">
                    {t(`social.${name}`)} {t('newTab')}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            {t('footer.quickLinks')}
          </h2>
          <ul className={styles.links}>
            {FOOTER_ROUTES.map((name) => (
              <li key={name}>
                <Link to={localizedPath(ROUTES[name], language)}>{t(`nav.${name}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className={styles.heading}>
            {t('footer.contacts')}
          </h2>
          <address className={styles.contacts}>
            <a href={`tel:${site.phone}`}>
              <PhoneIcon size={18} />
              <span>{site.phoneDisplay}</span>
            </a>
            <a href={`mailto:${site.email}`}>
              <MailIcon size={18} />
              <span>{site.email}</span>
            </a>
            <span>
              <PinIcon size={18} />
              <span>{t('footer.address')}</span>
            </span>
          </address>
        </section>
        <section aria-labelledby="footer-apps">
          <h2 id="footer-apps" className={styles.heading}>
            {t('footer.apps')}
          </h2>
          <StoreButtons tone="light" />
        </section>
      </div>
      <p className={`container ${styles.copyright}`}>{t('footer.copyright', { year: site.copyrightYear, brand: site.brand })}</p>
    </footer>
  );
}
