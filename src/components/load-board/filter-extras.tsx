import React, { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import type { ListPath } from '../../config/routes';
import { siteUrl } from '../../config/env';
import { absoluteUrl } from '../../i18n/paths';
import { queryChips, withoutFilters, withoutQueryChip } from '../../search/chips';
import type { BoardQuery } from '../../search/query';
import { MAX_SAVED } from '../../board/saved/saved-searches';
import { keptListFeed } from '../../search/kept-feed';
import { useSavedSearches, type SavedSearches, type SavedView } from '../../board/saved/use-saved-searches';
import type { KeepingSearches } from '../../board/hooks/use-list-board';
import { loadPlaces } from '../../board/sources/places-on-demand';
import { ShareLinks } from '../share-links';
import { AlertsLink } from './alerts-link';
import { chipText } from '../../search/chip-words';
import { builtTime } from '../../loads/built-time';
import type { Freshness } from '../../board/list-types';
import { RESULTS_HEADING_ID } from './results-heading';
import * as boardStyles from './load-board.module.css';
import * as styles from './filter-panel.module.css';

/*
 * What the filters show once a filter or a search is chosen, or the phone keeps a search: the chips and
 * "keep this search" beside the Filters button, and the kept searches at the board's top. A chunk of its
 * own (filter-bar.tsx loads it then): the board's first script has none of it.
 */

/** How the reader's language names places: by slug, and a search that names one (both null until the place file is here). */
export interface PlaceWords {
  label: (slug: string) => string;
  searched: (text: string) => { slug: string; label: string } | null;
}

/**
 * The page's place file, read for the words of its kept searches (the search's own text and slugs until it
 * is here); none read while `placeFilePath` is null.
 */
function usePlaceWords(placeFilePath: string | null): PlaceWords | null {
  const [words, setWords] = useState<PlaceWords | null>(null);
  useEffect(() => {
    if (placeFilePath === null) return undefined;
    let cancelled = false;
    void loadPlaces(placeFilePath).then((places) => {
      if (cancelled || !places) return;
      const { file, module } = places;
      const labels = new Map(file.places.map((entry) => [entry.slug, entry.label]));
      startTransition(() =>
        setWords({ label: (slug) => labels.get(slug) ?? slug, searched: (text) => module.searchedPlace(file, text) ?? null }),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [placeFilePath]);
  return words;
}

/** A list in words: a city's, a route's (the board says nothing of itself). */
function listWords(list: ListPath, t: TFunction, words: PlaceWords | null): string {
  const label = (slug: string) => words?.label(slug) ?? slug;
  if (list.kind === 'from') return t('saved.list.from', { place: label(list.from) });
  if (list.kind === 'to') return t('saved.list.to', { place: label(list.to) });
  if (list.kind === 'route') return t('saved.list.route', { from: label(list.from), to: label(list.to) });
  return '';
}

/**
 * A kept search in words, in the reader's language whatever page it was kept on: its list, its search (a
 * place in the reader's script) and its filters as the chips say them.
 */
export function savedLabel(view: SavedView, t: TFunction, language: Language, words: PlaceWords | null): string {
  const { search } = view.query;
  const place = search ? words?.searched(search) : null;
  const searchWords = search ? (place?.label ?? t('filters.chip.search', { text: search })) : '';
  const chips = queryChips(view.query).map((chip) => chipText(chip, t, language));
  return [listWords(view.list, t, words), searchWords, ...chips].filter(Boolean).join(', ');
}

/** The kept search's new loads, with the time they are counted from: when it was last opened. */
function freshText(view: SavedView, t: TFunction): string {
  if (!view.fresh) return '';
  const fresh =
    view.fresh.count === 0 ? t('saved.noNew') : t(view.fresh.complete ? 'saved.new' : 'saved.newAtLeast', { count: view.fresh.count });
  const since = builtTime(view.entry.openedAt);
  return since ? t('saved.since', { date: since.date, time: since.time, fresh }) : fresh;
}

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

/** One kept search: its link, its new loads, its share and feed links, and the button that removes it. */
function SavedItem({
  view,
  language,
  keeping,
  words,
  onRemove,
  removeRef,
}: {
  view: SavedView;
  language: Language;
  keeping: KeepingSearches;
  words: PlaceWords | null;
  onRemove: () => void;
  removeRef: (button: HTMLButtonElement | null) => void;
}) {
  const { t } = useTranslation('loads');
  const label = savedLabel(view, t, language, words);
  const fresh = freshText(view, t);
  const feed = keptListFeed(view.list, view.query, language.prefix);
  const share = { telegram: t('share.telegram'), native: t('share.native'), newTab: t('common:newTab') };
  return (
    <li className={styles.savedItem}>
      <a className={styles.savedLink} href={view.href}>
        {label}
      </a>
      {fresh ? <span className={styles.savedCount}>{fresh}</span> : null}
      <ShareLinks
        className={styles.savedActions}
        buttonClassName={boardStyles.shareButton}
        url={absoluteUrl(siteUrl(), view.href)}
        text={label}
        subject={label}
        texts={share}
      />
      <AlertsLink entry={view.entry} source={keeping} language={language} label={label} />
      {feed ? (
        <a className={styles.savedActions} href={feed}>
          {t('saved.feed')}
          <span className="visually-hidden">{` (${label})`}</span>
        </a>
      ) : null}
      <button ref={removeRef} type="button" className={styles.clearAll} onClick={onRemove}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t('saved.remove', { name: label })}</span>
      </button>
    </li>
  );
}

/** The one line the folded kept searches show: how many, and how many new loads they have in all. */
function foldText(list: readonly SavedView[], t: TFunction): string {
  const counted = list.flatMap((view) => (view.fresh ? [view.fresh] : []));
  const fresh = counted.reduce((sum, one) => sum + one.count, 0);
  const complete = counted.every((one) => one.complete);
  const count = `(${list.length})`;
  return fresh > 0 ? `${count} · ${t(complete ? 'saved.new' : 'saved.newAtLeast', { count: fresh })}` : count;
}

/**
 * Removing a kept search moves focus to the next one's remove button (the one before it when it was the
 * last), or to the list's heading when none is left: never to the page's body (WCAG 2.4.3).
 */
function useFocusAfterRemoval(count: number) {
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const removed = useRef<number | null>(null);
  useEffect(() => {
    const index = removed.current;
    removed.current = null;
    if (index === null) return;
    const next = count > 0 ? buttons.current.get(Math.min(index, count - 1)) : document.getElementById(RESULTS_HEADING_ID);
    next?.focus();
  }, [count]);
  return {
    removing: (index: number) => {
      removed.current = index;
    },
    buttonRef: (index: number) => (button: HTMLButtonElement | null) => {
      if (button) buttons.current.set(index, button);
      else buttons.current.delete(index);
    },
  };
}

/**
 * The board's kept searches, at its top, folded into one line (how many, and their new loads) so that the
 * first load stays on a phone's first screen: opened, each is a link to its list with the loads posted
 * since it was last opened, its Telegram share link and alerts, its Atom feed for a place or a route, and a button
 * that removes it. Only the phone knows them: nothing of this is in the build's HTML.
 */
export function SavedSearchList({ language, query, keeping }: { language: Language; query: BoardQuery; keeping: KeepingSearches }) {
  const { t } = useTranslation('loads');
  const saved = useSavedSearches(language, keeping.path, query, keeping.lists);
  const words = usePlaceWords(keeping.placeFilePath);
  const focus = useFocusAfterRemoval(saved.list.length);
  if (saved.list.length === 0) return null;
  return (
    <section className={styles.saved} aria-labelledby="saved-searches">
      <details className={styles.savedFold}>
        <summary className={styles.savedSummary}>
          <h2 id="saved-searches">{t('saved.heading')}</h2> <span>{foldText(saved.list, t)}</span>
        </summary>
        <ul className={styles.savedList}>
          {saved.list.map((view, index) => (
            <SavedItem
              key={`${view.entry.path}${view.entry.query}`}
              view={view}
              language={language}
              keeping={keeping}
              words={words}
              removeRef={focus.buttonRef(index)}
              onRemove={() => {
                focus.removing(index);
                saved.remove(view.entry);
                // The last one gone, this list goes with it (the board shows it only while a search is kept).
                if (saved.list.length === 1) document.getElementById(RESULTS_HEADING_ID)?.focus();
              }}
            />
          ))}
        </ul>
        <p className={boardStyles.count}>{t('saved.note')}</p>
      </details>
    </section>
  );
}

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
