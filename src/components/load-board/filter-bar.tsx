import React, { useState, type ComponentType, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../config/languages';
import { filterCount, type BoardQuery } from '../../search/query';
import type { FilterFacets, KeepingSearches } from '../../board/hooks/use-list-board';
import { useExtrasWanted } from '../../board/saved/extras-wanted';
import type { FoundCount } from './filter-panel';
import { FilterChips, FilterPanel, loadFilterPanel } from './lazy-parts';
import * as styles from './load-board.module.css';

// The panel, its options and the code that counts them come on the first tap of "Filters", never with
// the page's first script.
const preloadPanel = () => void loadFilterPanel().catch(() => undefined);

export const FILTER_PANEL_ID = 'board-filters';

export interface FilterBarProps {
  language: Language;
  query: BoardQuery;
  /** The vehicle types the build read from the API, as it spells them. */
  vehicleTypes: readonly string[];
  facets: FilterFacets;
  /** `keep`: focus stays on the control that changed; `toggle`: it goes to the Filters button. */
  onQuery: (query: BoardQuery, focus: 'keep' | 'toggle') => void;
  /** City and route pages have no search field: their search is a chip. */
  searchChip?: boolean;
  toggleRef: RefObject<HTMLButtonElement>;
  /** "Keep this search", and where the page's kept searches are counted. */
  keeping: KeepingSearches;
  /** How many loads the list on screen holds when it is the query's (null while it loads): the panel's close button says it. */
  found: FoundCount | null;
  /** A list asked for offline that did not open: the panel goes back to the list on screen. */
  notOpened: BoardQuery | null;
  /**
   * A city or route page's plain "keep this search" (keep-as-is.tsx): its template passes it, so the
   * board's first script, where a list is never kept as it is, does not carry it.
   */
  KeepAsIs?: ComponentType<{ onKeep: () => void }>;
}

/**
 * One control that opens the filters, with the chosen ones beside it as chips, each removed with one tap,
 * and one that clears them all. Without script the button is hidden and a line says the filters need it
 * (CSS `scripting`, which a noscript element cannot do for a page whose scripts are blocked rather than
 * off); the list is the unfiltered one the build wrote.
 */
export function FilterBar({
  language,
  query,
  vehicleTypes,
  facets,
  onQuery,
  searchChip = false,
  toggleRef,
  keeping,
  found,
  notOpened,
  KeepAsIs,
}: FilterBarProps) {
  const { t } = useTranslation('loads');
  const [open, setOpen] = useState(false);
  const chosen = filterCount(query, searchChip);
  // A city or route page's "keep this search", tapped: the chips' chunk comes and keeps the list.
  const [keepAsked, setKeepAsked] = useState(false);
  const extrasWanted = useExtrasWanted(chosen > 0 || keeping.keepable(query)) || keepAsked;
  return (
    <div className={styles.filters}>
      <div className={styles.filterBar}>
        <button
          ref={toggleRef}
          type="button"
          className={styles.filterToggle}
          aria-expanded={open}
          aria-controls={FILTER_PANEL_ID}
          // The panel's code is fetched as soon as a tap or Tab comes near, so it is there when it opens.
          onPointerEnter={preloadPanel}
          onFocus={preloadPanel}
          onClick={() => setOpen((was) => !was)}
        >
          {chosen > 0 ? t('filters.openCount', { count: chosen }) : t('filters.open')}
        </button>
        {extrasWanted ? (
          <FilterChips.Part
            language={language}
            query={query}
            searchChip={searchChip}
            onQuery={onQuery}
            keeping={keeping}
            keepAsked={keepAsked}
          />
        ) : keeping.asIs && KeepAsIs ? (
          <KeepAsIs onKeep={() => setKeepAsked(true)} />
        ) : null}
      </div>
      {/* Shown only where the page runs no script (CSS `scripting: none`): the button above is hidden there. */}
      <p className={styles.needScript}>{t('filters.needScript')}</p>
      <div id={FILTER_PANEL_ID} className={styles.filterPanel} hidden={!open}>
        {open ? (
          <FilterPanel.Part
            language={language}
            query={query}
            vehicleTypes={vehicleTypes}
            facets={facets}
            onQuery={(next) => onQuery(next, 'keep')}
            found={found}
            notOpened={notOpened}
            onClose={() => {
              setOpen(false);
              toggleRef.current?.focus();
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
