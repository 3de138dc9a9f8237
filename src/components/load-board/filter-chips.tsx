import React, { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
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
  /** A city or route page's "keep this search" was tapped before this code was here: it keeps the list on arrival. */
  keepAsked?: boolean;
}

/** The chosen filters as chips, each removed with one tap, one control that clears them all, and "keep this search". */
export function FilterChips({ language, query, searchChip, onQuery, keeping, keepAsked = false }: FilterChipsProps) {
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
        keepAsked={keepAsked}
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
 * The tap of a city or route page's "keep this search" (filter-bar.tsx), whose button this one replaces:
 * it keeps the list (or says that five is the most) once, and focus follows to this button (WCAG 2.4.3),
 * unless the visitor has gone on elsewhere meanwhile.
 */
function useKeepAsked(keepAsked: boolean, button: RefObject<HTMLButtonElement>, act: () => void): void {
  const asked = useRef(keepAsked);
  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    act();
    const focused = document.activeElement;
    if (!focused || focused === document.body) button.current?.focus();
    // Once, when the code the tap asked for is here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * "Keep this search", or for a kept one "Remove from saved": one button, so focus stays on it; a kept
 * one offers its Telegram alerts beside it. A polite live region beside it tells screen readers that the
 * list was kept (the button's new words show it on screen); a phone that refuses to keep it says why, in a
 * polite status.
 */
function KeepSearch({
  saved,
  language,
  keeping,
  label,
  keepAsked,
}: {
  saved: SavedSearches;
  language: Language;
  keeping: KeepingSearches;
  label: string;
  keepAsked: boolean;
}) {
  const { t } = useTranslation('loads');
  const { current } = saved;
  const button = useRef<HTMLButtonElement>(null);
  // With five kept, "keep" says why it cannot when tapped: a line always there would push the loads down.
  const [fullSaid, setFullSaid] = useState(false);
  const [keptSaid, setKeptSaid] = useState(false);
  const keep = () => (saved.keep(), setKeptSaid(true));
  useKeepAsked(keepAsked, button, () => (saved.canKeep ? keep() : saved.full ? setFullSaid(true) : undefined));
  const refused = saved.refused ? (
    <span className={boardStyles.count} role="status">
      {t('saved.refused')}
    </span>
  ) : null;
  // A live region from the start, so that the words it gets are read out; not a status of its own, which
  // would make two beside the list's count.
  const keptLine = (
    <span className="visually-hidden" aria-live="polite">
      {current && keptSaid ? t('saved.kept') : ''}
    </span>
  );
  if (!current && !saved.canKeep && saved.full)
    return (
      <>
        <button ref={button} type="button" className={styles.keep} aria-label={t('saved.keep')} onClick={() => setFullSaid(true)}>
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
        ref={button}
        type="button"
        className={styles.keep}
        aria-label={current ? undefined : t('saved.keep')}
        onClick={() => (current ? saved.remove(current) : keep())}
      >
        {current ? t('saved.unkeep') : t('saved.keepShort')}
      </button>
      {refused}
      {keptLine}
      {current ? <AlertsLink entry={current} source={keeping} language={language} label={label} /> : null}
    </>
  );
}
