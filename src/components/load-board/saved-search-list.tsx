import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { siteUrl } from '../../config/env';
import { absoluteUrl } from '../../i18n/paths';
import type { BoardQuery } from '../../search/query';
import { keptListFeed } from '../../search/kept-feed';
import { useSavedSearches, type SavedView } from '../../board/saved/use-saved-searches';
import type { KeepingSearches } from '../../board/hooks/use-list-board';
import { ShareLinks } from '../share-links';
import { AlertsLink } from './alerts-link';
import { builtTime } from '../../loads/built-time';
import { RESULTS_HEADING_ID } from './results-heading';
import { savedLabel, usePlaceWords, type PlaceWords } from './saved-search-words';
import * as boardStyles from './load-board.module.css';
import * as styles from './filter-panel.module.css';

/*
 * The visitor's saved searches at the top of the board, folded to one line: each with its new loads,
 * its share, feed and Telegram links, and the button that removes it. In the filters' extras chunk
 * (filter-extras-chunk.ts).
 */

/** The kept search's new loads, with the time they are counted from: when it was last opened. */
function freshText(view: SavedView, t: TFunction): string {
  if (!view.fresh) return '';
  const fresh =
    view.fresh.count === 0 ? t('saved.noNew') : t(view.fresh.complete ? 'saved.new' : 'saved.newAtLeast', { count: view.fresh.count });
  const since = builtTime(view.entry.openedAt);
  return since ? t('saved.since', { date: since.date, time: since.time, fresh }) : fresh;
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
