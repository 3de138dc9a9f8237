import React from 'react';
import { useTranslation } from 'react-i18next';
import { STATS } from '../config/constants';
import * as styles from './stats.module.css';

const ORDER = ['activeDrivers', 'dailyLoads', 'countries'] as const;

export function Stats() {
  const { t } = useTranslation('home');
  return (
    <section className={styles.stats} aria-labelledby="stats-title">
      <div className="container">
        <h2 id="stats-title" className="visually-hidden">
          {t('stats.title')}
        </h2>
        <ul className={styles.list}>
          {ORDER.map((name) => (
            <li key={name} className={styles.item}>
              <span className={styles.value}>{STATS[name]}</span>
              <span className={styles.label}>{t(`stats.${name}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
