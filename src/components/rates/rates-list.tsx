import React from 'react';
import type { Language } from '../../config/languages';
import { RATE_OUTLIER_FACTOR } from '../../config/constants';
import { localizedPath } from '../../i18n/paths';
import type { RatesPageOrigin, RatesPageRoute } from '../../rates/page-data';
import { classLabel, PerKmValue } from './route-rate';
import { formatRatePrice, tripMiddleHalf, type RateTexts } from './rate-format';
import * as styles from './rates-list.module.css';

/** How many of the busiest routes open the page, before the routes by origin. */
export const BUSIEST_ROUTES = 6;

/** One route's class of load: its link, its class, and per currency the typical price, the usual range and what it stands on. */
function RateCard({ route, texts, language }: { route: RatesPageRoute; texts: RateTexts; language: Language }) {
  const { t, label } = texts;
  return (
    <li className={styles.card} data-route={route.path} data-weight-class={route.weightClass}>
      <a className={styles.route} href={localizedPath(route.path, language)}>
        {route.from} → {route.to}
      </a>
      {route.figures.map((figure) => (
        <div key={figure.currency} data-loads={figure.loads}>
          <p>
            <strong>{formatRatePrice(figure.trip.median, figure.currency)}</strong> {label('places:ratesPage.perTrip')}
            {figure.perKm ? (
              <>
                {' · '}
                <PerKmValue texts={texts} value={figure.perKm.median} currency={figure.currency} />
              </>
            ) : null}
          </p>
          <p className={styles.small}>{tripMiddleHalf(texts, figure.trip, figure.currency)}</p>
          <p className={styles.small}>
            {t('places:rates.span', { count: figure.loads, posters: figure.posters })}{' '}
            {figure.outliers > 0 ? t('places:ratesPage.leftOut', { count: figure.outliers, factor: RATE_OUTLIER_FACTOR }) : null}
          </p>
        </div>
      ))}
      <p className={styles.small}>{classLabel(texts, route.weightClass)}</p>
    </li>
  );
}

function RateCards({ routes, texts, language }: { routes: readonly RatesPageRoute[]; texts: RateTexts; language: Language }) {
  return (
    <ul className={styles.cards}>
      {routes.map((route) => (
        <RateCard key={`${route.path} ${route.weightClass}`} route={route} texts={texts} language={language} />
      ))}
    </ul>
  );
}

/**
 * The rates page's routes on a phone: the busiest first, then every route under the place it starts
 * from, each place a native disclosure (no script; the browser's find opens the one it finds in), so a
 * driver scans a short list of cities for his own rather than fifty screens of rows.
 */
export function RatesList({
  routes,
  origins,
  texts,
  language,
}: {
  routes: readonly RatesPageRoute[];
  origins: readonly RatesPageOrigin[];
  texts: RateTexts;
  language: Language;
}) {
  const { t, label } = texts;
  return (
    <>
      <section aria-labelledby="rates-busiest">
        <h2 id="rates-busiest">{label('places:ratesPage.busiest')}</h2>
        <RateCards routes={routes.slice(0, BUSIEST_ROUTES)} texts={texts} language={language} />
      </section>
      <section aria-labelledby="rates-origins">
        <h2 id="rates-origins">{label('places:ratesPage.byOrigin')}</h2>
        <p>{label('places:ratesPage.byOriginHint')}</p>
        {origins.map((origin) => {
          const own = routes.filter((route) => route.fromSlug === origin.slug);
          return (
            <details key={origin.slug} id={`from-${origin.slug}`} className={styles.origin} data-origin={origin.slug}>
              <summary>
                <span className={styles.originName}>{origin.name}</span> {t('places:ratesPage.routes', { count: own.length })}
              </summary>
              <RateCards routes={own} texts={texts} language={language} />
            </details>
          );
        })}
      </section>
    </>
  );
}
