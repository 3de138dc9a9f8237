import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../config/languages';
import { ROUTES } from '../config/routes';
import { localizedPath } from '../i18n/paths';
import { boardSearchHref } from '../search/search-href';
import { builtTime } from '../loads/built-time';
import type { ClosedLoadEntry } from '../loads/closed-index';
import { formatNumber, formatPrice } from '../loads/format';
import { vehicleLabel } from '../loads/vehicle-types';
import { Layout } from './layout';
import { PageIntro } from './page-intro';
import * as styles from './closed-load.module.css';

interface ClosedLoadProps {
  entry: ClosedLoadEntry;
  language: Language;
  /** The path named a language (`/ru/load/…`): links keep it; the bare alias links bare paths. */
  routed: boolean;
}

/**
 * A day as the "last seen" line writes it (25.11.2026, Tashkent time): read the same in all three
 * languages, where the board list's English short date ("Nov 25") is not.
 */
function numericDay(iso: string | null): string {
  return iso ? (builtTime(Date.parse(iso))?.date ?? '') : '';
}

function sitePath(path: string, language: Language, routed: boolean): string {
  return routed ? localizedPath(path, language) : path;
}

/** Where the visitor goes on for the open loads of the same route, and what the link says. */
function leadOnLink(
  entry: ClosedLoadEntry,
  language: Language,
  routed: boolean,
  t: (key: string, values?: Record<string, unknown>) => string,
  route: string,
) {
  const lead = entry.leadOn;
  const from = entry.from[language.code];
  if (lead.kind !== 'search') {
    const text = lead.kind === 'route' ? t('closed.leadOnRoute', { route }) : t('closed.leadOnFrom', { place: from });
    return { href: sitePath(lead.path, language, routed), text };
  }
  const href = boardSearchHref(language, from ?? '', !routed);
  return { href, text: from ? t('closed.leadOnSearch', { place: from }) : t('closed.leadOnBoard') };
}

/**
 * A load that left the board in the last CLOSED_LOAD_DAYS (the 404 page shows it from the closed-load
 * index): says it is closed and when it was last seen, describes what it was from its fields in the
 * page's language (route, vehicle type, weight, volume, price, loading and posting days: nothing a
 * poster wrote, which the history does not keep), and leads on to the open loads of the same route and
 * to the app. No redirect: the visitor came for this load and is told.
 * Rendered on the client only, inside the texts of the path's language (FetchedLanguageProvider).
 */
export function ClosedLoad({ entry, language, routed }: ClosedLoadProps) {
  const { t } = useTranslation('load');
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the visitor from "loading" to this: focus its heading, so a screen reader
  // reads where they are, as after a navigation (src/a11y/route-change.ts).
  useEffect(() => heading.current?.focus(), []);
  const unknown = t('unknownPlace');
  const route = `${entry.from[language.code] || unknown} → ${entry.to[language.code] || unknown}`;
  const seen = builtTime(entry.lastSeen);
  const lead = leadOnLink(entry, language, routed, t, route);
  const details: Array<[string, string]> = [
    [t('closed.route'), route],
    [t('closed.vehicle'), vehicleLabel(entry.vehicleType, language.code)],
    [t('closed.weight'), entry.weight === null ? '' : t('closed.weightValue', { weight: formatNumber(entry.weight) })],
    [t('closed.volume'), entry.volume === null ? '' : t('closed.volumeValue', { volume: formatNumber(entry.volume) })],
    [t('closed.price'), formatPrice(entry.price, entry.currency)],
    [t('closed.loadingDate'), numericDay(entry.loadingDate)],
    [t('closed.posted'), numericDay(entry.createdAt)],
  ];
  return (
    <Layout>
      <PageIntro title={t('closed.title')} headingRef={heading} lead={t('closed.lead')}>
        {seen ? (
          <p>
            <time dateTime={seen.iso}>{t('closed.lastSeen', { date: seen.date, time: seen.time })}</time>
          </p>
        ) : null}
        <h2 className={styles.heading}>{t('closed.details')}</h2>
        <dl className={styles.details}>
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <ul className={styles.links}>
          <li>
            <a href={lead.href}>{lead.text}</a>
          </li>
          <li>
            {t('closed.app')} <a href={sitePath(ROUTES.applink, language, routed)}>{t('handOver')}</a>
          </li>
        </ul>
      </PageIntro>
    </Layout>
  );
}
