import React, { Suspense, useMemo, useState } from 'react';
import { graphql, Link, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { PINNED_TEXT_LANG } from '../config/languages';
import { ROUTES } from '../config/routes';
import { useClientValue } from '../components/use-client-value';
import { Layout } from '../components/layout';
import { LoadFallback } from '../components/load-fallback';
import { LoadingNotice } from '../components/loading-notice';
import { PageIntro } from '../components/page-intro';
import { PathLanguageProvider } from '../i18n/path-language';
import { definePageHead } from '../head/define-head';
import { type LocaleData, type PageContext, usePageLanguage } from '../i18n/runtime';
import { localizedPath } from '../i18n/paths';
import { FALLBACK_MARKER_SCRIPT, matchLoadFallback, matchPlaceFallback } from '../loads/fallback-route';
import type { FallbackFiles, RoutePageView } from '../components/place-fallback';

/** What the build tells the 404 page of its files (create-pages.ts), for the city and route paths it did not make. */
type NotFoundContext = PageContext & Partial<FallbackFiles>;

// Fetched only on a city or route path: the 404 page's first script carries neither. The route page's
// template takes Gatsby's page props; the fallback hands it the two it reads (its context and the query).
const PlaceFallback = React.lazy(() => import(/* webpackChunkName: "place-fallback" */ '../components/place-fallback'));
const RoutePage = React.lazy(() => import('./place-loads')) as unknown as RoutePageView;

function NotFound() {
  const { t } = useTranslation('common');
  const { language } = usePageLanguage();
  return (
    <div className="not-found">
      <Layout>
        <PageIntro title={t('notFound.title')} titleLang={PINNED_TEXT_LANG} lead={t('notFound.lead')}>
          <p>
            <Link to={localizedPath(ROUTES.home, language)}>{t('notFound.home')}</Link>
          </p>
        </PageIntro>
      </Layout>
    </div>
  );
}

/**
 * Served by the host for every unknown path, in the language the path names; for `/load/{id}` of a
 * load newer than the build it becomes that load's client-only page, and for a city or route path the
 * build did not make, the place's page in another spelling or a route's trip (place-fallback.tsx).
 */
export default function NotFoundPage({
  pageContext,
  location,
}: Partial<Pick<PageProps<LocaleData, NotFoundContext>, 'pageContext' | 'location'>>) {
  const { t } = useTranslation('load');
  // Decided after mount, so the first render matches the HTML the build wrote; then the router's path,
  // which a replace-navigation from another spelling changes without a new page.
  const mounted = useClientValue(() => true, false);
  const pathname = mounted ? (location?.pathname ?? window.location.pathname) : null;
  const route = useMemo(() => (pathname ? matchLoadFallback(pathname) : null), [pathname]);
  const placeRoute = useMemo(() => (pathname ? matchPlaceFallback(pathname) : null), [pathname]);
  const [unknownPath, setUnknownPath] = useState<string | null>(null);
  const { filters, placeFilePaths, rangesPath, outlinesPath, tripRoutesPath, emptyListPath, textsRoot = '' } = pageContext ?? {};
  if (route) return <LoadFallback route={route} loadingText={t('loading')} textsRoot={textsRoot} />;
  if (placeRoute && filters && placeFilePaths && unknownPath !== pathname) {
    const loading = <LoadingNotice text={t('loading')} />;
    return (
      <Suspense fallback={loading}>
        <PlaceFallback
          key={pathname}
          route={placeRoute}
          files={{ filters, placeFilePaths, rangesPath, outlinesPath, tripRoutesPath, emptyListPath, textsRoot }}
          search={location?.search ?? ''}
          loadingText={t('loading')}
          View={RoutePage}
          onUnknown={() => {
            // The mark before first paint said a page would come: it was not a place, so "not found" shows.
            document.documentElement.removeAttribute('data-load-fallback');
            setUnknownPath(pathname);
          }}
        />
      </Suspense>
    );
  }
  return (
    <>
      <div className="load-pending">
        <LoadingNotice text={t('loading')} landmark={false} />
      </div>
      <PathLanguageProvider namespaces={['common']} textsRoot={textsRoot}>
        <NotFound />
      </PathLanguageProvider>
    </>
  );
}

export const Head = definePageHead<PageContext>(
  ({ t }) => ({ kind: 'not-found', title: t('common:notFound.title'), description: t('common:notFound.seoDescription') }),
  <script dangerouslySetInnerHTML={{ __html: FALLBACK_MARKER_SCRIPT }} />,
);

export const query = graphql`
  query NotFoundPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "load"] } }, sort: [{ ns: ASC }, { language: ASC }]) {
      ...LocaleEdges
    }
  }
`;
