import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
// The board's plain link, without the filters' code the board's query carries (it would be shared with the
// board's own script in a chunk of its own, and cost the board a request and its bytes).
import { boardSearchHref } from '../search/search-href';
import { RATE_MIN_LOADS, RATE_MIN_POSTERS, RATE_OUTLIER_FACTOR, RATE_WINDOW_DAYS } from '../config/constants';
import { Layout } from '../components/layout';
import { PageIntro } from '../components/page-intro';
import { listUpdatedTime } from '../loads/built-time';
import { canonicalUrl, localizedPath } from '../i18n/paths';
import { definePageHead } from '../head/define-head';
import { itemListJsonLd } from '../head/structured-data';
import { JSON_LD_MAX_LOADS } from '../config/constants';
import { type LocaleData, pageLanguage } from '../i18n/runtime';
import { windowDays } from '../components/rates/route-rate';
import { rateTexts } from '../components/rates/rate-format';
import { RatesList } from '../components/rates/rates-list';
import { LIGHT_MAX_TONNES } from '../loads/load-class';
import { formatNumber } from '../loads/format';
import type { RatesPageContext } from '../rates/page-data';
import * as styles from './place-loads.module.css';

/**
 * Every route with a going asking price, per class of load, busiest first and then by the place it starts
 * from (docs/rates.md, "Going rates"): what each figure stands on, the window's days, and the rules.
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
          <RatesList routes={routes} origins={pageContext.origins ?? []} texts={texts} language={language} />
        )}
        <section aria-labelledby="rate-rules">
          <h2 id="rate-rules">{t('ratesPage.rulesHeading')}</h2>
          <ul>
            <li>{t('ratesPage.rule', { min: RATE_MIN_LOADS, posters: RATE_MIN_POSTERS })}</li>
            <li>{t('ratesPage.classes', { max: formatNumber(LIGHT_MAX_TONNES) })}</li>
            <li>{t('rates.voices')}</li>
            <li>{t('ratesPage.outliers', { factor: RATE_OUTLIER_FACTOR })}</li>
            <li>{t('ratesPage.currencies')}</li>
            <li>{t('ratesPage.estimates')}</li>
          </ul>
        </section>
        <p className={styles.links}>
          <a href={localizedPath(ROUTES.places, language)}>{t('common:nav.places')}</a> ·{' '}
          <a href={boardSearchHref(language, '')}>{t('reverse.board')}</a>
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
    // A route of two classes is one page: listed once.
    [...new Map((pageContext.routes ?? []).map((route) => [route.path, `${route.from} → ${route.to}`]))].map(([path, name]) => ({
      url: canonicalUrl(origin, path, language),
      name,
    })),
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
