import React, { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../config/languages';
import { queryChips, withoutFilters, withoutQueryChip } from '../../search/chips';
import type { BoardQuery } from '../../search/query';
import { MAX_SAVED } from '../../board/saved/saved-searches';
import { useSavedSearches, type SavedSearches } from '../../board/saved/use-saved-searches';
import type { KeepingSearches } from '../../board/hooks/use-list-board';
import { AlertsLink } from './alerts-link';
import { chipText } from '../../search/chip-words';
import { savedLabel, usePlaceWords } from './saved-search-words';
import * as boardStyles from './load-board.module.css';
import * as styles from './filter-panel.module.css';

/*
 * The chips of the chosen filters and "keep this search" beside the Filters button, once a filter or a
 * search is chosen. In the filters' extras chunk (filter-extras-chunk.ts): the board's first script has
 * none of it.
 */

/**
 * The chips and "keep this search" sit above the filter panel: when they come or change (a tap adds a
 * chip, which may wrap to a new line), the panel moves down, and the control that keeps focus in it may
 * leave the screen. It is brought back into view, as little as needed (WCAG 2.4.11, focus not obscured).
 */
function useFocusStaysInView(layout: string): void {
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body) focused.scrollIntoView({ block: 'nearest' });
  }, [layout]);
}

export interface FilterChipsProps {
  language: Language;
  query: BoardQuery;
  searchChip: boolean;
  onQuery: (query: BoardQuery, focus: 'keep' | 'toggle') => void;
  keeping: KeepingSearches;
}

/** The chosen filters as chips, each removed with one tap, one control that clears them all, and "keep this search". */
export function FilterChips({ language, query, searchChip, onQuery, keeping }: FilterChipsProps) {
  const { t } = useTranslation('loads');
  const saved = useSavedSearches(language, keeping.path, query, null);
  const { newSince } = saved;
  const { onNewSince } = keeping;
  // The cards mark the loads a kept search has new since it was last opened.
  useEffect(() => startTransition(() => onNewSince(newSince)), [newSince, onNewSince]);
  const chips = queryChips(query, searchChip);
  // The kept search on screen is named as the list of kept searches names it.
  const currentView = saved.list.find((view) => view.entry === saved.current);
  const words = usePlaceWords(currentView ? keeping.placeFilePath : null);
  useFocusStaysInView(`${chips.length}|${saved.current !== null}|${saved.refused}|${saved.full}`);
  return (
    <>
      {chips.length > 0 ? (
        <ul className={styles.chips} aria-label={t('filters.panel')}>
          {chips.map((chip) => {
            const text = chipText(chip, t, language);
            return (
              <li key={`${chip.key}:${text}`}>
                <button
                  type="button"
                  className={styles.chip}
                  aria-label={t('filters.remove', { name: text })}
                  onClick={() => onQuery(withoutQueryChip(query, chip), 'toggle')}
                >
                  {text}
                  <span aria-hidden="true"> ×</span>
                </button>
              </li>
            );
          })}
          {chips.length > 1 ? (
            <li>
              <button
                type="button"
                className={styles.clearAll}
                aria-label={t('filters.clearAll')}
                onClick={() => onQuery(withoutFilters(query, searchChip), 'toggle')}
              >
                {t('filters.clearAllShort')}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      <KeepSearch
        saved={saved}
        language={language}
        keeping={keeping}
        label={
          currentView
            ? savedLabel(currentView, t, language, words)
            : queryChips(query, true)
                .map((chip) => chipText(chip, t, language))
                .join(', ')
        }
      />
    </>
  );
}

/**
 * "Keep this search", or for a kept one "Remove from saved": one button, so focus stays on it; a kept
 * one offers its Telegram alerts beside it. A phone that refuses to keep it says why, in the polite status
 * the button's neighbour reads out.
 */
function KeepSearch({
  saved,
  language,
  keeping,
  label,
}: {
  saved: SavedSearches;
  language: Language;
  keeping: KeepingSearches;
  label: string;
}) {
  const { t } = useTranslation('loads');
  const { current } = saved;
  // With five kept, "keep" says why it cannot when tapped: a line always there would push the loads down.
  const [fullSaid, setFullSaid] = useState(false);
  const refused = saved.refused ? (
    <span className={boardStyles.count} role="status">
      {t('saved.refused')}
    </span>
  ) : null;
  if (!current && !saved.canKeep && saved.full)
    return (
      <>
        <button type="button" className={styles.keep} aria-label={t('saved.keep')} onClick={() => setFullSaid(true)}>
          {t('saved.keepShort')}
        </button>
        <span className={boardStyles.count} role="status">
          {fullSaid ? t('saved.full', { count: MAX_SAVED }) : ''}
        </span>
      </>
    );
  if (!current && !saved.canKeep) return refused;
  return (
    <>
      {/* Its short words keep the chips' row to two lines on a phone; its name says it all (2.5.3: the words are in it). */}
      <button
        type="button"
        className={styles.keep}
        aria-label={current ? undefined : t('saved.keep')}
        onClick={() => (current ? saved.remove(current) : saved.keep())}
      >
        {current ? t('saved.unkeep') : t('saved.keepShort')}
      </button>
      {refused}
      {current ? <AlertsLink entry={current} source={keeping} language={language} label={label} /> : null}
    </>
  );
}
