import React, { useEffect, useState } from 'react';
import { navigate } from 'gatsby';
import type { LanguageCode } from '../config/languages';
import { answerPlaceFallback, fallbackRoutePage, mapOutlines } from '../board/place-fallback';
import { loadPlaces } from '../board/sources/places-on-demand';
import { fullTitle } from '../head/head-tags';
import { applyLiveHead } from '../head/live-head';
import { fetchBundles, FetchedLanguageProvider } from '../i18n/path-language';
import { createTranslator, type Bundles } from '../i18n/translator';
import type { PlaceFallbackRoute } from '../loads/fallback-route';
import type { ListFiles } from '../loads/list-files';
import type { PlaceLoadsPageContext } from '../loads/place-page-context';
import { LoadingNotice } from './loading-notice';

/** What the 404 page knows of the build's files: the board's index and each language's place file. */
export interface FallbackFiles {
  filters: ListFiles;
  placeFilePaths: Record<LanguageCode, string>;
  rangesPath?: string;
  /** The region's outlines for the map (src/gatsby/trip-map.ts). */
  outlinesPath?: string;
  /** The board's routes for a trip (board/sources/trip-routes.ts) and a list with no loads. */
  tripRoutesPath?: string;
  emptyListPath?: string;
  /** Where this build's texts are, `/locales/{hash}` (src/gatsby/locales.ts). */
  textsRoot: string;
}

/** The route page's view, the template's, handed in by the 404 page (a template is above this floor). */
export type RoutePageView = React.ComponentType<{ pageContext: PlaceLoadsPageContext; location: { search: string } }>;

interface Shown {
  context: PlaceLoadsPageContext;
  bundles: Bundles;
}

/**
 * A city or route path the build made no page for (board/place-fallback.ts): another spelling of a
 * place leads to its own path, with history replaced so Back does not return to the misspelling; a
 * route of two known places is rendered as the build renders a route page, with the same sections,
 * while the HTTP status stays 404 and the page stays `noindex` (the 404 page's head); anything else is the
 * real "not found" (`onUnknown`). Fetched by the 404 page on such a path only.
 */
export default function PlaceFallback({
  route,
  files,
  search,
  loadingText,
  View,
  onUnknown,
}: {
  route: PlaceFallbackRoute;
  files: FallbackFiles;
  /** The router's query: the route page's filters. */
  search: string;
  loadingText: string;
  View: RoutePageView;
  onUnknown: () => void;
}) {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const placeFilePath = files.placeFilePaths[route.language.code] ?? '';
    const fail = (error: unknown) => {
      if (abort.signal.aborted) return;
      console.warn('The place path could not be shown:', error);
      onUnknown();
    };
    void (async () => {
      const places = await loadPlaces(placeFilePath);
      if (abort.signal.aborted) return;
      const answer = places ? answerPlaceFallback(route, places.file) : ({ kind: 'unknown' } as const);
      if (answer.kind === 'redirect') {
        void navigate(`${answer.path}${window.location.search}${window.location.hash}`, { replace: true });
        return;
      }
      if (answer.kind === 'unknown' || !places) return onUnknown();
      const [bundles, outlines] = await Promise.all([
        fetchBundles(route.language, ['common', 'loads', 'places'], files.textsRoot),
        mapOutlines(files.outlinesPath ?? '').catch(() => null),
      ]);
      const t = createTranslator(route.language.prefix, bundles, 'places');
      const context = await fallbackRoutePage({
        route,
        from: answer.from,
        to: answer.to,
        file: places.file,
        placeFilePath,
        board: files.filters,
        rangesPath: files.rangesPath,
        tripRoutesPath: files.tripRoutesPath,
        emptyListPath: files.emptyListPath,
        t,
        outlines,
        signal: abort.signal,
      });
      if (abort.signal.aborted) return;
      const title = fullTitle(t('route.title', { from: context.from, to: context.to }));
      applyLiveHead(document, { title, description: t('route.description', { from: context.from, to: context.to, total: context.total }) });
      setShown({ context, bundles });
    })().catch(fail);
    return () => abort.abort();
    // One path, one answer: the query changes the list, not the page (the view reads it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);
  if (!shown) return <LoadingNotice text={loadingText} />;
  return (
    <FetchedLanguageProvider language={route.language} bundles={shown.bundles}>
      <View pageContext={shown.context} location={{ search }} />
    </FetchedLanguageProvider>
  );
}
