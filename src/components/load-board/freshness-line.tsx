import React from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { builtTime } from '../../loads/built-time';
import type { Freshness } from '../../board/list-types';
import * as styles from './filter-panel.module.css';

/* How fresh a filtered list is, under its count. In the filters' extras chunk (filter-extras-chunk.ts). */

/** "List as of 14:05, new loads checked at 14:32": how fresh a filtered list is. */
function freshnessText(t: TFunction, freshness: Freshness | undefined): string {
  if (!freshness) return '';
  const at = (time: number | null) => (time === null ? null : builtTime(time));
  const built = at(freshness.builtAt);
  const checked = at(freshness.checkedAt);
  const when = (time: NonNullable<ReturnType<typeof at>>) => `${time.date} ${time.time}`;
  const partial = freshness.complete ? '' : ` ${t('filters.freshPartial')}`;
  if (!built) return checked ? t('filters.freshSearch', { checked: when(checked) }) : '';
  if (!checked) return t('filters.freshUnchecked', { built: when(built) });
  return `${t('filters.fresh', { built: when(built), checked: checked.time })}${partial}`;
}

/** The same, in a few words: "New loads checked at 14:32", "· only the newest shown" when not all were read. */
function freshnessShort(t: TFunction, freshness: Freshness): string {
  const checked = freshness.checkedAt === null ? null : builtTime(freshness.checkedAt);
  const partial = freshness.complete ? '' : ` · ${t('filters.freshShortPartial')}`;
  if (freshness.builtAt === null) return checked ? t('filters.freshShortSearch', { checked: checked.time }) : '';
  if (!checked) return t('filters.freshShortUnchecked');
  return `${t('filters.freshShort', { checked: checked.time })}${partial}`;
}

/**
 * Folded to its few words (a native `details`), so that a phone's first screen keeps the first load
 * however many filters are chosen; the whole sentence is one tap away.
 */
export function FreshnessLine({ freshness }: { freshness: Freshness }) {
  const { t } = useTranslation('loads');
  const short = freshnessShort(t, freshness);
  if (!short) return null;
  return (
    <details className={styles.freshFold}>
      <summary>{short}</summary>
      <p className={styles.fresh}>{freshnessText(t, freshness)}</p>
    </details>
  );
}
