import React, { useCallback, useRef } from 'react';
import { graphql, navigate, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import type { Load, LoadList } from '../api-client/types';
import type { LanguageCode } from '../config/languages';
import { ROUTES, boardFeedPath } from '../config/routes';
import { Layout } from '../components/layout';
import { Island } from '../components/islands';
import { PageIntro } from '../components/page-intro';
import { AppBanner } from '../components/load-board/app-banner';
import { LoadBoard } from '../components/load-board/load-board';
import { boardSearchString, type BoardQuery } from '../loads/board-query';
import { type KeptAges, useLoadBoard } from '../loads/use-load-board';
import { apiSearchTexts } from '../components/load-board/place-search';
import { localizedPath } from '../i18n/paths';
import { type LocaleData, type PageContext, usePageLanguage } from '../i18n/runtime';
import { definePageHead } from '../head/define-head';
import type { JsonLd } from '../head/head-tags';
import type { RouteDistances } from '../loads/route-distance';
import { FeedLink } from '../components/feed-link';
import { boardFeedTitle } from '../feeds/board-feed-title';
import type { PricePosition } from '../loads/price-position';

export interface LoadsPageContext extends PageContext {
  /** The first page of loads, read at build time and rendered into the HTML. */
  initial: LoadList | null;
  /**
   * What "posted … ago" is counted from until the browser has refreshed the list: the newest load's
   * posting time (create-pages.ts says why not the clock).
   */
  builtAt: number;
  /** The first page's place texts, as the API spelled them, named in the page's language. */
  placeNames: Record<string, string>;
  /** The first page's road distances, by cardRouteKey of its place texts (src/places/distance.ts). */
  routeDistances?: RouteDistances;
  /** Each language's place index (suggestions, and the API's spelling of a searched place). */
  placeIndexPaths?: Partial<Record<LanguageCode, string>>;
  /** The routes' usual price ranges for the cards (docs/rates.md), and the first page's positions. */
  rangesPath?: string;
  positions?: Record<string, PricePosition>;
  /**
   * The page's ItemList of its first page of loads, made by the build (create-pages.ts): the Head runs
   * in the browser too, and its builders would ship in the board's script for data that never changes
   * there.
   */
  jsonLd?: JsonLd;
}

const NO_NAMES: Readonly<Record<string, string>> = {};
const NO_DISTANCES: RouteDistances = {};
const NO_LOADS: readonly Load[] = [];

export default function LoadsPage({ pageContext, location }: PageProps<LocaleData, LoadsPageContext>) {
  const { t } = useTranslation('loads');
  const { language } = usePageLanguage();
  return (
    <Layout>
      <PageIntro title={t('title')} lead={t('lead')} />
      {/* The board hydrates first: it refreshes from the API on arrival. */}
      <Island when="now">
        <div className="container">
          <Board pageContext={pageContext} location={location} />
        </div>
      </Island>
      <div className="container">
        <FeedLink href={boardFeedPath(language.prefix)} />
      </div>
    </Layout>
  );
}

/**
 * The board's state lives here, inside the island that hydrates after the page shell (islands.tsx),
 * not in the page shell: an update to the shell's state before its parts have
 * hydrated reaches every one of them, header and footer included, and React 18 renders a part that
 * receives an update before it hydrated again from scratch (error #421). Here the board cannot fetch
 * before it has hydrated, and its updates reach only its own parts.
 */
function Board({ pageContext, location }: { pageContext: LoadsPageContext; location: PageProps['location'] }) {
  const { t } = useTranslation('loads');
  const { language } = usePageLanguage();
  const placeIndexPath = pageContext.placeIndexPaths?.[language.code] ?? '';
  const toApiSearches = useCallback((search: string) => apiSearchTexts(placeIndexPath, search), [placeIndexPath]);
  const keptAgesRef: KeptAges = useRef<((loadedAt: number) => boolean) | null>(null);
  const { query, state, showsWanted, retry } = useLoadBoard(
    pageContext.initial,
    pageContext.builtAt,
    location.search,
    t('states.fallbackError'),
    toApiSearches,
    keptAgesRef,
  );
  const hrefFor = (next: BoardQuery) => `${location.pathname}${boardSearchString(next)}`;
  // No scrolling here: the board moves focus (to the field or the results heading), which scrolls.
  const onQuery = (next: BoardQuery) => void navigate(hrefFor(next));
  return (
    <>
      <AppBanner language={language} />
      <p>
        <a href={localizedPath(ROUTES.places, language)}>{t('common:nav.places')}</a> ·{' '}
        <a href={localizedPath(ROUTES.rates, language)}>{t('ratesLink')}</a>
      </p>
      <LoadBoard
        language={language}
        query={query}
        state={state}
        showsWanted={showsWanted}
        now={state.loadedAt}
        onQuery={onQuery}
        hrefFor={hrefFor}
        onRetry={retry}
        placeIndexPath={placeIndexPath}
        placeNames={pageContext.placeNames ?? NO_NAMES}
        rangesPath={pageContext.rangesPath}
        initialPositions={pageContext.positions}
        builtLoads={pageContext.initial?.loads ?? NO_LOADS}
        routeDistances={pageContext.routeDistances ?? NO_DISTANCES}
        keptAgesRef={keptAgesRef}
      />
    </>
  );
}

export const Head = definePageHead<LoadsPageContext>(({ t, language, pageContext }) => ({
  kind: 'page',
  path: ROUTES.loads,
  title: t('loads:seo.title'),
  description: t('loads:seo.description'),
  keywords: t('loads:seo.keywords'),
  feed: { href: boardFeedPath(language.prefix), title: boardFeedTitle(t) },
  jsonLd: pageContext.jsonLd,
}));

export const query = graphql`
  query LoadsPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "loads"] } }, sort: [{ ns: ASC }, { language: ASC }]) {
      ...LocaleEdges
    }
  }
`;
