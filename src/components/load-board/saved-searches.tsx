import React from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { FEEDS_DIR } from '../../config/routes';
import { siteUrl } from '../../config/env';
import { absoluteUrl } from '../../i18n/paths';
import { activeFilters } from '../../board/query';
import type { SavedSearches, SavedView } from '../../board/use-saved-searches';
import { MAX_SAVED } from '../../board/saved-searches';
import { ShareLinks } from '../share-links';
import { chipText } from './filter-chips';
import * as styles from './load-board.module.css';

/** A kept search in words: its place (a city or route page's title, or the search) and its filters. */
export function savedLabel(view: SavedView, t: TFunction, language: Language): string {
  const parts = activeFilters(view.query, !view.entry.place).map((chip) => chipText(chip, t, language));
  return [view.entry.place, ...parts].filter(Boolean).join(', ');
}

function freshText(view: SavedView, t: TFunction): string {
  if (!view.fresh) return '';
  if (view.fresh.count === 0) return t('saved.noNew');
  return t(view.fresh.complete ? 'saved.new' : 'saved.newAtLeast', { count: view.fresh.count });
}

/**
 * The board's kept searches, at its top: each a link to its list with the loads posted since it was
 * last opened, its Telegram share link, its Atom feed for a place or a route, and a button that
 * removes it. Only the phone knows them: nothing of this is in the build's HTML.
 */
export function SavedSearchList({ language, saved }: { language: Language; saved: SavedSearches }) {
  const { t } = useTranslation('loads');
  if (saved.list.length === 0) return null;
  const share = { telegram: t('share.telegram'), native: t('share.native'), newTab: t('common:newTab') };
  return (
    <section className={styles.saved} aria-labelledby="saved-searches">
      <h2 id="saved-searches">{t('saved.heading')}</h2>
      <ul className={styles.savedList}>
        {saved.list.map((view) => {
          const label = savedLabel(view, t, language);
          const fresh = freshText(view, t);
          return (
            <li key={`${view.entry.path}${view.entry.query}`} className={styles.savedItem}>
              <a className={styles.savedLink} href={view.href}>
                {label}
              </a>
              {fresh ? <span className={styles.savedCount}>{fresh}</span> : null}
              <ShareLinks
                className={styles.savedActions}
                buttonClassName={styles.shareButton}
                url={absoluteUrl(siteUrl(), view.href)}
                text={label}
                subject={label}
                texts={share}
              />
              {view.entry.feed ? (
                <a className={styles.savedActions} href={`${FEEDS_DIR}/${language.prefix}${view.entry.feed}.atom`}>
                  {t('saved.feed')}
                  <span className="visually-hidden">{` (${label})`}</span>
                </a>
              ) : null}
              <button type="button" className={styles.clearAll} onClick={() => saved.remove(view.entry)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t('saved.remove', { name: label })}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className={styles.count}>{t('saved.note')}</p>
    </section>
  );
}

/** "Keep this search", or for a kept one "Remove from saved": one button, so focus stays on it. */
export function KeepSearch({ saved }: { saved: Pick<SavedSearches, 'canKeep' | 'current' | 'full' | 'keep' | 'remove'> }) {
  const { t } = useTranslation('loads');
  const { current } = saved;
  if (!current && !saved.canKeep) return saved.full ? <span className={styles.count}>{t('saved.full', { count: MAX_SAVED })}</span> : null;
  return (
    <button type="button" className={styles.keep} onClick={() => (current ? saved.remove(current) : saved.keep())}>
      {current ? t('saved.unkeep') : t('saved.keep')}
    </button>
  );
}
