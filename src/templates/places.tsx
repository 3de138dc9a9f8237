import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES, placeFromPath, placeRoutePath, placeToPath } from '../config/routes';
import type { Language } from '../config/languages';
import { Layout } from '../components/layout';
import { PageIntro } from '../components/page-intro';
import { listUpdatedTime } from '../loads/built-time';
import type { DirectoryPlace, PlacesDirectoryContext } from '../loads/place-page-context';
import { canonicalUrl, localizedPath } from '../i18n/paths';
import { definePageHead } from '../head/define-head';
import { itemListJsonLd } from '../head/structured-data';
import { JSON_LD_MAX_LOADS } from '../config/constants';
import { type LocaleData, type PageContext, pageLanguage } from '../i18n/runtime';
import * as styles from './place-loads.module.css';

type DirectoryPageContext = PageContext & PlacesDirectoryContext;

function nameIn(places: ReadonlyMap<string, DirectoryPlace>, slug: string, language: Language): string {
  return places.get(slug)?.names[language.code] ?? slug;
}

/** Every place that has loads in the build, with its counts, and the busiest routes: links to their pages. */
export default function PlacesPage({ pageContext }: PageProps<LocaleData, DirectoryPageContext>) {
  const { t } = useTranslation('places');
  const language = pageLanguage(pageContext);
  const places = pageContext.places ?? [];
  const bySlug = new Map(places.map((place) => [place.slug, place]));
  const updated = listUpdatedTime(pageContext);
  return (
    <Layout hydration="at-first-touch">
      <PageIntro title={t('directory.title')} lead={t('directory.lead')}>
        {updated ? (
          <p className={styles.updated}>
            <time dateTime={updated.iso}>{t('updated', { date: updated.date, time: updated.time })}</time>
          </p>
        ) : null}
      </PageIntro>
      <div className="container">
        <p>
          <a href={localizedPath(ROUTES.rates, language)}>{t('rates.allRoutes')}</a>
        </p>
        <h2>{t('directory.placesHeading')}</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('directory.place')}</th>
              <th scope="col" className={styles.number}>
                {t('directory.outgoing')}
              </th>
              <th scope="col" className={styles.number}>
                {t('directory.incoming')}
              </th>
            </tr>
          </thead>
          <tbody>
            {places.map((place) => (
              <tr key={place.slug}>
                <th scope="row">{place.names[language.code]}</th>
                <td className={styles.number}>
                  {place.outgoing > 0 ? <a href={localizedPath(placeFromPath(place.slug), language)}>{place.outgoing}</a> : 0}
                </td>
                <td className={styles.number}>
                  {place.incoming > 0 ? <a href={localizedPath(placeToPath(place.slug), language)}>{place.incoming}</a> : 0}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>{t('directory.routesHeading')}</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('directory.route')}</th>
              <th scope="col" className={styles.number}>
                {t('directory.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pageContext.routes.map((route) => (
              <tr key={`${route.from}/${route.to}`}>
                <th scope="row">
                  <a href={localizedPath(placeRoutePath(route.from, route.to), language)}>
                    {nameIn(bySlug, route.from, language)} → {nameIn(bySlug, route.to, language)}
                  </a>
                </th>
                <td className={styles.number}>{route.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Layout>
  );
}

export const Head = definePageHead<DirectoryPageContext>(({ t, language, pageContext, origin }) => ({
  kind: 'page',
  path: ROUTES.places,
  title: t('places:directory.title'),
  description: t('places:directory.description'),
  keywords: t('places:directory.keywords'),
  jsonLd: itemListJsonLd(
    t('places:directory.title'),
    canonicalUrl(origin, ROUTES.places, language),
    (pageContext.places ?? []).map((place) => ({
      url: canonicalUrl(origin, place.outgoing > 0 ? placeFromPath(place.slug) : placeToPath(place.slug), language),
      name: place.names[language.code],
    })),
    JSON_LD_MAX_LOADS,
  ),
}));

export const query = graphql`
  query PlacesPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "places"] } }, sort: [{ ns: ASC }, { language: ASC }]) {
      ...LocaleEdges
    }
  }
`;
