import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import type { Load } from '../../api-client/types';
import { loadPath } from '../../config/routes';
import type { Language } from '../../config/languages';
import { localizedPath } from '../../i18n/paths';
import { formatNumber, formatPrice, formatShortDate, postedAge } from '../../loads/format';
import * as styles from './load-board.module.css';

interface Props {
  load: Load;
  language: Language;
  /** Milliseconds since the epoch that "posted … ago" is counted from. */
  now: number;
}

/** One load in the list. Every value is rendered as text; React escapes it. */
export function LoadCard({ load, language, now }: Props) {
  const { t } = useTranslation('loads');
  const unknown = t('card.unknownPlace');
  const age = postedAge(load.createdAt, now);
  const price = formatPrice(load.price, load.currency);
  const facts = [
    load.weight === null ? null : t('card.weight', { value: formatNumber(load.weight) }),
    load.volume === null ? null : t('card.volume', { value: formatNumber(load.volume) }),
    load.trucksNeeded === null ? null : t('card.trucks', { count: load.trucksNeeded }),
    load.vehicleType || null,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <li className={styles.card}>
      <Link className={styles.cardLink} to={localizedPath(loadPath(load.id), language)}>
        <span className={styles.route}>
          <span>{load.from || unknown}</span>
          <span aria-hidden="true" className={styles.arrow}>
            →
          </span>
          <span className="visually-hidden">{t('card.to')}</span>
          <span>{load.to || unknown}</span>
        </span>
        <span className={styles.title}>{load.title || t('card.untitled')}</span>
      </Link>
      {facts.length > 0 ? (
        <ul className={styles.facts}>
          {facts.map((fact, index) => (
            <li key={index}>{fact}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.cardFooter}>
        <span className={styles.price}>{price || t('card.priceOnRequest')}</span>
        <span className={styles.meta}>
          {[
            load.loadingDate ? t('card.loadingDate', { date: formatShortDate(load.loadingDate) }) : '',
            age ? t(`card.posted.${age.unit}`, { count: age.count }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
    </li>
  );
}
