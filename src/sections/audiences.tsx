import React from 'react';
import { useTranslation } from 'react-i18next';
import { TruckIcon } from '../components/icons';
import { BoxIcon, DashboardIcon } from '../components/feature-icons';
import { CheckIcon } from '../components/ui-icons';
import { SectionHeading } from '../components/section-heading';
import { textList } from '../i18n/locale-lists';
import * as styles from './audiences.module.css';

const AUDIENCES = [
  { id: 'drivers', Icon: TruckIcon },
  { id: 'owners', Icon: BoxIcon },
  { id: 'dispatchers', Icon: DashboardIcon },
] as const;

/** What the platform claims for drivers, cargo owners and dispatchers (SPEC.md section 1). */
export function Audiences() {
  const { t } = useTranslation('sections');
  return (
    <section className={styles.section} aria-labelledby="audiences-title">
      <div className="container">
        <SectionHeading id="audiences-title" title={t('audiences.title')} lead={t('audiences.lead')} />
        <ul className={styles.grid}>
          {AUDIENCES.map(({ id, Icon }) => (
            <li key={id} className={styles.card}>
              <span className={styles.icon}>
                <Icon size={28} />
              </span>
              <h3 className={styles.title}>{t(`audiences.items.${id}.title`)}</h3>
              <p className={styles.text}>{t(`audiences.items.${id}.text`)}</p>
              <ul className={styles.points}>
                {textList(t, `audiences.items.${id}.points`).map((point) => (
                  <li key={point}>
                    <CheckIcon size={20} />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
