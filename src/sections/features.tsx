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
import { SectionHeading } from '../components/section-heading';
import * as styles from './features.module.css';

/** The twelve claimed features (SPEC.md section 1), in order; texts under `sections:features.items`. */
export const FEATURES = [
  { id: 'botSignup', Icon: ChatIcon },
  { id: 'smartNotifications', Icon: BellIcon },
  { id: 'easySearch', Icon: SearchIcon },
  { id: 'easyPosting', Icon: AddBoxIcon },
  { id: 'unlimited', Icon: InfinityIcon },
  { id: 'realtime', Icon: ClockIcon },
  { id: 'botAlerts', Icon: BoltIcon },
  { id: 'profiles', Icon: PersonIcon },
  { id: 'gps', Icon: LocationIcon },
  { id: 'support', Icon: HeadsetIcon },
  { id: 'platforms', Icon: DevicesIcon },
  { id: 'payments', Icon: ShieldIcon },
] as const;

export type FeatureId = (typeof FEATURES)[number]['id'];

export function Features() {
  const { t } = useTranslation('sections');
  return (
    <section className={styles.section} aria-labelledby="features-title">
      <div className="container">
        <SectionHeading id="features-title" title={t('features.title')} lead={t('features.lead')} />
        <ul className={styles.grid}>
          {FEATURES.map(({ id, Icon }) => (
            <li key={id} className={styles.card}>
              <span className={styles.icon}>
                <Icon size={24} />
              </span>
              <h3 className={styles.title}>{t(`features.items.${id}.title`)}</h3>
              <p className={styles.text}>{t(`features.items.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
