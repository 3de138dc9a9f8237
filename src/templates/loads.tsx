import React, { useCallback } from 'react';
import { graphql, navigate, type HeadProps, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import type { LoadList } from '../api-client/types';
import type { LanguageCode } from '../config/languages';
import { JSON_LD_MAX_LOADS } from '../config/constants';
import { ROUTES, loadPath } from '../config/routes';
import { siteUrl } from '../config/env';
import { Layout } from '../components/layout';
import { PageIntro } from '../components/page-intro';
import { Seo } from '../components/seo';
import { AppBanner } from '../components/load-board/app-banner';
import { LoadBoard } from '../components/load-board/load-board';
import { boardSearchString, type BoardQuery } from '../loads/board-query';
import { useLoadBoard } from '../loads/use-load-board';
import { apiSearchText } from '../components/load-board/place-search';
import { canonicalUrl } from '../i18n/paths';
import { headTranslator, type LocaleData, type PageContext, pageLanguage, usePageLanguage } from '../i18n/runtime';
import { routeLabel } from '../loads/format';

export interface LoadsPageContext extends PageContext {
  /** The first page of loads, read at build time and rendered into the HTML. */
  initial: LoadList | null;
  /** When the build read it: "posted … ago" is counted from here until the browser knows the time. */
  builtAt: number;
  /** Each language's place index (suggestions, and the API's spelling of a searched place). */
  placeIndexPaths?: Partial<Record<LanguageCode, string>>;
}

export default function LoadsPage({ pageContext, location }: PageProps<LocaleData, LoadsPageContext>) {
  const { t } = useTranslation('loads');
  const { language } = usePageLanguage();
  const placeIndexPath = pageContext.placeIndexPaths?.[language.code] ?? '';
  const toApiSearch = useCallback((search: string) => apiSearchText(placeIndexPath, search), [placeIndexPath]);
  const { query, state, showsWanted, retry } = useLoadBoard(pageContext.initial, pageContext.builtAt, location.search, t('states.fallbackError'), toApiSearch);
  const hrefFor = (next: BoardQuery) => `${location.pathname}${boardSearchString(next)}`;
  // No scrolling here: the board moves focus (to the field or the results heading), which scrolls.
  const onQuery = (next: BoardQuery) => void navigate(hrefFor(next));
  return (
    <Layout>
      <PageIntro title={t('title')} lead={t('lead')} />
      <div className="container">
        <AppBanner language={language} />
        <LoadBoard language={language} query={query} state={state} showsWanted={showsWanted} now={state.loadedAt} onQuery={onQuery} hrefFor={hrefFor} onRetry={retry} placeIndexPath={placeIndexPath} />
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<LocaleData, LoadsPageContext>) {
  const t = headTranslator(data, pageContext);
  const language = pageLanguage(pageContext);
  const loads = pageContext.initial?.loads.slice(0, JSON_LD_MAX_LOADS) ?? [];
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: t('loads:seo.title'),
    url: canonicalUrl(siteUrl(), ROUTES.loads, language),
    numberOfItems: loads.length,
    itemListElement: loads.map((load, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: canonicalUrl(siteUrl(), loadPath(load.id), language),
      name: `${load.title}: ${routeLabel(load, '?', language.code)}`,
    })),
  };
  return (
    <Seo
      language={language}
      path={ROUTES.loads}
      title={t('loads:seo.title')}
      description={t('loads:seo.description')}
      keywords={t('loads:seo.keywords')}
      jsonLd={jsonLd}
    />
  );
}

export const query = graphql`
  query LoadsPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "loads"] } }) {
      ...LocaleEdges
    }
  }
`;
