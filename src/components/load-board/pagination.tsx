import React from 'react';
import { useTranslation } from 'react-i18next';
import type { PaginationState } from '../../loads/pagination';
import * as styles from './load-board.module.css';
import { useRunning } from '../../board/hooks/use-running';

interface Props {
  state: PaginationState;
  /** The URL of a page of the list, so previous and next work as plain links before the script runs. */
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
  /**
   * Pages the build made at paths of their own (the board: its first; a city page: its first pages):
   * without script only those can be opened, a link to another would show the build's page again.
   */
  builtPages: number;
  /** Where the loads of every city and route are, built page by page: what a page without script offers instead. */
  placesHref: string;
}

/**
 * A link to a page of the list, or a disabled link where there is none; `needsScript`: hidden where the
 * page runs no script, and no link until the page runs.
 */
function Step({
  page,
  enabled,
  label,
  needsScript,
  hrefFor,
  onPage,
}: Omit<Props, 'state' | 'builtPages' | 'placesHref'> & {
  page: number;
  enabled: boolean;
  label: string;
  needsScript: boolean;
}) {
  // The build's HTML links no page it did not make: a page whose scripts are blocked (CSS still says
  // `scripting: enabled` there), a reader or a crawler would follow it to the first page again.
  const running = useRunning();
  if (!enabled || (needsScript && !running))
    return (
      // A link with nowhere to go: announced as a disabled link, not focusable. No href is the point of
      // the ARIA disabled-link pattern, which this rule does not know.
      // eslint-disable-next-line jsx-a11y/anchor-is-valid
      <a className={needsScript ? `${styles.pageButton} ${styles.needsScript}` : styles.pageButton} role="link" aria-disabled="true">
        {label}
      </a>
    );
  return (
    <a
      className={needsScript ? `${styles.pageButton} ${styles.needsScript}` : styles.pageButton}
      href={hrefFor(page)}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onPage(page);
      }}
    >
      {label}
    </a>
  );
}

/**
 * Previous and next, and which page of how many. Without script (CSS `scripting: none`, as the filters'
 * line) a link to a page the build did not make is hidden, since that page would show this one again,
 * and one line says the further pages need JavaScript, with the places directory, whose city and route
 * pages are built page by page.
 */
export function Pagination({ state, hrefFor, onPage, builtPages, placesHref }: Props) {
  const { t } = useTranslation('loads');
  if (!state.visible) return null;
  const step = (page: number, enabled: boolean, label: string) => (
    <Step page={page} enabled={enabled} label={label} needsScript={page > builtPages} hrefFor={hrefFor} onPage={onPage} />
  );
  const beyondBuilt = (state.hasPrevious && state.page - 1 > builtPages) || (state.hasNext && state.page + 1 > builtPages);
  return (
    <>
      <nav className={styles.pagination} aria-label={t('pagination.label')}>
        {step(state.page - 1, state.hasPrevious, t('pagination.previous'))}
        {/* Not a live region: the board's status line speaks the page (one polite region per page). */}
        <span className={styles.pageStatus}>{t('pagination.status', { pages: state.pages, page: state.page })}</span>
        {step(state.page + 1, state.hasNext, t('pagination.next'))}
      </nav>
      {beyondBuilt ? (
        <p className={styles.needScript}>
          {t('pagination.needScript')} <a href={placesHref}>{t('pagination.places')}</a>
        </p>
      ) : null}
    </>
  );
}
