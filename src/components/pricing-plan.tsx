import React from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureId } from '../content/features';
import { CheckIcon } from './ui-icons';
import { StoreButtons } from './store-buttons';
import * as styles from './pricing-plan.module.css';

/** SPEC.md section 9: the one plan costs 0 so'm. */
export const FREE_PLAN_PRICE = 0;

/** Eight of the twelve claimed features, named with the same words as the features section. */
export const PLAN_FEATURES: readonly FeatureId[] = [
  'unlimited',
  'easySearch',
  'easyPosting',
  'smartNotifications',
  'realtime',
  'profiles',
  'platforms',
  'support',
];

export function PricingPlan() {
  const { t } = useTranslation(['pricing', 'sections']);
  return (
    <section className={`container ${styles.section}`} aria-labelledby="plan-title">
      <article className={styles.card}>
        <h2 id="plan-title" className={styles.name}>
          {t('plan.name')}
        </h2>
        <p className={styles.price}>
          <span className={styles.amount}>{FREE_PLAN_PRICE}</span> <span className={styles.currency}>{t('plan.currency')}</span>
        </p>
        <p className={styles.fees}>{t('plan.noHiddenFees')}</p>
        <p className={styles.description}>{t('plan.description')}</p>
        <h3 className={styles.includes}>{t('plan.includes')}</h3>
        <ul className={styles.list}>
          {PLAN_FEATURES.map((id) => (
            <li key={id}>
              <CheckIcon size={20} />
              <span>{t(`sections:features.items.${id}.title`)}</span>
            </li>
          ))}
        </ul>
        <p className={styles.cta}>{t('plan.cta')}</p>
        <StoreButtons />
      </article>
    </section>
  );
}
