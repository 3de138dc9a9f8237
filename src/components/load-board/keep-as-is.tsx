import React from 'react';
import { useTranslation } from 'react-i18next';
import { preloadFilterExtras } from './lazy-parts';
import { useRunning } from '../../board/hooks/use-running';
import * as styles from './load-board.module.css';

/**
 * A city or route page's "keep this search", kept as it is, in the build's HTML and the page's first
 * script: a plain button. The saved searches' code (the chips' chunk, about 9 KB) is fetched as a tap or
 * Tab comes near, and on the tap it takes the button's place and keeps the list (filter-chips.tsx), so
 * the page's first script stays within its budget. The city and route template passes it to the board's
 * filter bar (filter-bar.tsx): the board's template never shows it and does not carry it.
 */
export function KeepAsIs({ onKeep }: { onKeep: () => void }) {
  const { t } = useTranslation('loads');
  // Disabled in the build's HTML until the page runs: a tap before that would be lost.
  const running = useRunning();
  return (
    <button
      type="button"
      className={styles.keepButton}
      aria-label={t('saved.keep')}
      disabled={!running}
      onPointerEnter={preloadFilterExtras}
      onPointerDown={preloadFilterExtras}
      onFocus={preloadFilterExtras}
      onClick={onKeep}
    >
      {t('saved.keepShort')}
    </button>
  );
}
