import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES, boardFeedPath } from '../config/routes';
import { Layout } from '../components/layout';
import { Island } from '../components/islands';
import { PageIntro } from '../components/page-intro';
import { AppBanner } from '../components/load-board/app-banner';
import { SavedSearchList } from '../components/load-board/lazy-parts';
import { LoadBoard } from '../components/load-board/load-board';
import { useKeepsSearches } from '../board/saved/extras-wanted';
import { type BoardPageContext, useBoardPage } from '../board/board-page';
import { localizedPath } from '../i18n/paths';
import { type LocaleData, type PageContext, usePageLanguage } from '../i18n/runtime';
import { definePageHead } from '../head/define-head';
import type { JsonLd } from '../head/head-tags';
import { FeedLink } from '../components/feed-link';
import { boardFeedTitle } from '../feeds/board-feed-title';

export interface LoadsPageContext extends PageContext, BoardPageContext {
  /**
   * The page's ItemList of its first page of loads, made by the build (create-pages.ts): the Head runs
   * in the browser too, and its builders would ship in the board's script for data that never changes
   * there.
   */
  jsonLd?: JsonLd;
}

export default function LoadsPage({ pageContext, location }: PageProps<LocaleData, LoadsPageContext>) {
  const { t } = useTranslation('loads');
  const { language } = usePageLanguage();
  return (
    <Layout>
      <PageIntro title={t('title')} compact />
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
  const bare = pageContext.i18n ? !pageContext.i18n.routed : false;
  const keepsSearches = useKeepsSearches();
  const { retry, suggest, warmSuggestions, trip, ...board } = useBoardPage(
    pageContext,
    location.search,
    language,
    bare,
    t('states.fallbackError'),
  );
  return (
    <>
      <AppBanner language={language} />
      {/* The kept searches come with the filters' extras, a chunk loaded only when the phone keeps one. */}
      {keepsSearches ? <SavedSearchList.Part language={language} query={board.query} keeping={board.keeping} /> : null}
      <LoadBoard language={language} now={board.state.loadedAt} onRetry={retry} search={{ suggest, warmSuggestions, trip }} {...board} />
      <p>
        <a href={localizedPath(ROUTES.places, language)}>{t('common:nav.places')}</a> ·{' '}
        <a href={localizedPath(ROUTES.rates, language)}>{t('ratesLink')}</a>
      </p>
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
