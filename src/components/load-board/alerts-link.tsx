import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../config/languages';
import { REBUILD_INTERVAL_MINUTES } from '../../config/constants';
import { alertsBot } from '../../config/env';
import { alertLinkFor, type AlertLink, type AlertsSource } from '../../board/saved/alert-link';
import * as boardStyles from './load-board.module.css';
import * as styles from './filter-panel.module.css';

export interface AlertsLinkProps {
  /** The kept search: its list's unprefixed path and its query string. */
  entry: { path: string; query: string };
  source: AlertsSource;
  language: Language;
  /** The kept search in words, for screen readers: five links must not all sound alike. */
  label: string;
}

/**
 * "Get these in Telegram" beside a kept search's share link (CONTRACT.md, "Telegram alerts"): a link that
 * opens the alerts bot with the search as its start token, and when the bot will answer (after the next
 * scheduled rebuild: there is no server of ours to answer at once). A search the bot cannot follow says
 * why in one line. Nothing when the build names no bot. Made after mount: the phone's day is in it.
 */
export function AlertsLink({ entry, source, language, label }: AlertsLinkProps) {
  const { t } = useTranslation('loads');
  const bot = alertsBot();
  const [link, setLink] = useState<AlertLink | null>(null);
  const { path, query } = entry;
  const { vehicleTypeIds, placeFilePath } = source;
  useEffect(() => {
    if (!bot) return undefined;
    let current = true;
    alertLinkFor({ path, query }, { vehicleTypeIds, placeFilePath }, language, bot, Date.now())
      .then((made) => current && setLink(made))
      .catch(() => current && setLink(null));
    return () => {
      current = false;
    };
  }, [bot, path, query, vehicleTypeIds, placeFilePath, language]);
  if (!bot || !link) return null;
  if ('problem' in link)
    return link.problem === 'unknown' ? null : <span className={boardStyles.count}>{t(`saved.alerts.${link.problem}`)}</span>;
  return (
    <span className={styles.savedActions}>
      <a href={link.href}>
        {t('saved.alerts.link')}
        <span className="visually-hidden">{` (${label})`}</span>
      </a>{' '}
      <span className={boardStyles.count}>{t('saved.alerts.when', { count: REBUILD_INTERVAL_MINUTES })}</span>
    </span>
  );
}
