import React from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../config/site';
import { AppleIcon, GlobeIcon, GooglePlayIcon } from './store-icons';
import * as styles from './handoff-links.module.css';

/** Manual ways on: the two stores and the website, for when no redirect or app takes over. */
export function HandoffLinks() {
  const { t } = useTranslation('handoff');
  const links = [
    { key: 'googlePlay', href: site.stores.googlePlay, Icon: GooglePlayIcon },
    { key: 'appStore', href: site.stores.appStore, Icon: AppleIcon },
    { key: 'web', href: site.mainWebsite, Icon: GlobeIcon },
  ] as const;
  return (
    <ul className={styles.links}>
      {links.map(({ key, href, Icon }) => (
        <li key={key}>
          <a className={styles.link} href={href}>
            <Icon size={22} />
            <span>{t(`links.${key}`)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
