import React from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddBoxIcon,
  BellIcon,
  BoltIcon,
  ChatIcon,
  ClockIcon,
  DevicesIcon,
  HeadsetIcon,
  InfinityIcon,
  LocationIcon,
  PersonIcon,
  SearchIcon,
  ShieldIcon,
} from '../components/feature-icons';
import type { IconProps } from '../components/icons';
import { SectionHeading } from '../components/section-heading';
import { FEATURE_IDS, type FeatureId } from '../content/features';
import * as styles from './features.module.css';

/** Each feature's icon; the ids and their order are the content list's. */
const FEATURE_ICONS: Record<FeatureId, (props: IconProps) => React.ReactElement> = {
  botSignup: ChatIcon,
  smartNotifications: BellIcon,
  easySearch: SearchIcon,
  easyPosting: AddBoxIcon,
  unlimited: InfinityIcon,
  realtime: ClockIcon,
  botAlerts: BoltIcon,
  profiles: PersonIcon,
  gps: LocationIcon,
  support: HeadsetIcon,
  platforms: DevicesIcon,
  payments: ShieldIcon,
};

export function Features() {
  const { t } = useTranslation('sections');
  return (
    <section className={styles.section} aria-labelledby="features-title">
      <div className="container">
        <SectionHeading id="features-title" title={t('features.title')} lead={t('features.lead')} />
        <ul className={styles.grid}>
          {FEATURE_IDS.map((id) => {
            const Icon = FEATURE_ICONS[id];
            return (
              <li key={id} className={styles.card}>
                <span className={styles.icon}>
                  <Icon size={24} />
                </span>
                <h3 className={styles.title}>{t(`features.items.${id}.title`)}</h3>
                <p className={styles.text}>{t(`features.items.${id}.text`)}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
