import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { boardHref } from '../board/query';
import { RATE_MIN_LOADS, RATE_MIN_POSTERS, RATE_OUTLIER_FACTOR, RATE_WINDOW_DAYS } from '../config/constants';
import { Layout } from '../components/layout';
import { PageIntro } from '../components/page-intro';
import { listUpdatedTime } from '../loads/built-time';
import { canonicalUrl, localizedPath } from '../i18n/paths';
import { definePageHead } from '../head/define-head';
import { itemListJsonLd } from '../head/structured-data';
import { JSON_LD_MAX_LOADS } from '../config/constants';
import { type LocaleData, pageLanguage } from '../i18n/runtime';
import { PerKmMiddleHalf, PerKmValue, windowDays } from '../components/rates/route-rate';
import { formatRatePrice, rateTexts, tripMiddleHalf } from '../components/rates/rate-format';
import type { RatesPageContext } from '../rates/page-data';
import * as styles from './place-loads.module.css';

/**
 * Every route with a going asking price, busiest first (docs/rates.md, "Going rates"): one row per currency,
 * with what each stands on (loads, posters, prices left out), the window's days, and the rules.
 */
export default function RatesPage({ pageContext }: PageProps<LocaleData, RatesPageContext>) {
  const { t } = useTranslation('places');
  const language = pageLanguage(pageContext);
  const texts = rateTexts(t);
  const routes = pageContext.routes ?? [];
  const updated = listUpdatedTime(pageContext);
  return (
    <Layout hydration="at-first-touch">
      <PageIntro title={t('ratesPage.title')} lead={t('ratesPage.lead', { days: RATE_WINDOW_DAYS })}>
        {updated ? (
          <p className={styles.updated}>
            <time dateTime={updated.iso}>{t('updated', { date: updated.date, time: updated.time })}</time>
          </p>
        ) : null}
      </PageIntro>
      <div className="container">
        {pageContext.window ? <p>{t('rates.asking', windowDays(pageContext.window, language))}</p> : null}
        {routes.length === 0 ? (
          <p>{t('ratesPage.empty')}</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('ratesPage.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ratesPage.route')}</th>
                  <th scope="col" className={styles.number}>
                    {t('rates.perTrip')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t('rates.perKmHeading')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t('rates.loads')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t('ratesPage.posters')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t('ratesPage.outliersColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {routes.flatMap((route) =>
                  route.figures.map((figure) => (
                    <tr key={`${route.path} ${figure.currency}`} data-route={route.path}>
                      <th scope="row">
                        <a href={localizedPath(route.path, language)}>
                          {route.from} → {route.to}
                        </a>
                      </th>
                      <td className={styles.number}>
                        {formatRatePrice(figure.trip.median, figure.currency)}
                        <br />
                        <small>{tripMiddleHalf(texts, figure.trip, figure.currency)}</small>
                      </td>
                      <td className={styles.number}>
                        {figure.perKm ? (
                          <>
                            <PerKmValue texts={texts} value={figure.perKm.median} currency={figure.currency} />
                            <br />
                            <small>
                              <PerKmMiddleHalf texts={texts} spread={figure.perKm} currency={figure.currency} />
                            </small>
                          </>
                        ) : (
                          '–'
                        )}
                      </td>
                      <td className={styles.number} data-loads={figure.loads}>
                        {figure.loads}
                      </td>
                      <td className={styles.number}>{figure.posters}</td>
                      <td className={styles.number}>{figure.outliers}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        )}
        <section aria-labelledby="rate-rules">
          <h2 id="rate-rules">{t('ratesPage.rulesHeading')}</h2>
          <ul>
            <li>{t('ratesPage.rule', { min: RATE_MIN_LOADS, posters: RATE_MIN_POSTERS })}</li>
            <li>{t('rates.voices')}</li>
            <li>{t('ratesPage.outliers', { factor: RATE_OUTLIER_FACTOR })}</li>
            <li>{t('ratesPage.currencies')}</li>
            <li>{t('ratesPage.estimates')}</li>
          </ul>
        </section>
        <p className={styles.links}>
          <a href={localizedPath(ROUTES.places, language)}>{t('common:nav.places')}</a> ·{' '}
          <a href={boardHref(language, {})}>{t('reverse.board')}</a>
        </p>
      </div>
    </Layout>
  );
}

export const Head = definePageHead<RatesPageContext>(({ t, language, pageContext, origin }) => ({
  kind: 'page',
  path: ROUTES.rates,
  title: t('places:ratesPage.title'),
  description: t('places:ratesPage.description', { days: RATE_WINDOW_DAYS }),
  keywords: t('places:ratesPage.keywords'),
  jsonLd: itemListJsonLd(
    t('places:ratesPage.title'),
    canonicalUrl(origin, ROUTES.rates, language),
    (pageContext.routes ?? []).map((route) => ({ url: canonicalUrl(origin, route.path, language), name: `${route.from} → ${route.to}` })),
    JSON_LD_MAX_LOADS,
  ),
}));

export const query = graphql`
  query RatesPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "loads", "places"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
