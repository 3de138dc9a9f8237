import React, { useEffect, useState } from 'react';
import { fetchLiveLoad, isGone } from '../board/sources/live-load';
import { REDIRECT_DELAY_MS } from '../config/constants';
import { loadPath } from '../config/routes';
import { siteUrl } from '../config/env';
import { canonicalUrl } from '../i18n/paths';
import { fetchBundles, FetchedLanguageProvider } from '../i18n/path-language';
import { createTranslator, type Bundles } from '../i18n/translator';
import type { FallbackRoute } from '../loads/fallback-route';
import { fetchClosedLoad, type ClosedLoadEntry } from '../loads/closed-index';
import { applyLiveHead } from '../head/live-head';
import { LoadingNotice } from './loading-notice';
import { ClosedLoad } from './closed-load';
import { loadHandOverTarget } from '../handoff/crawler';
import { handOver } from './hand-over';

interface Closed {
  entry: ClosedLoadEntry;
  bundles: Bundles;
}

/**
 * A load id the build made no page for. A load newer than the build: fetch it, set the page metadata,
 * then hand over to /applink after 100 ms. A load that left the board in the last CLOSED_LOAD_DAYS (the
 * API says 404 and the closed-load index has it): say so, without a redirect (ClosedLoad). A missing id
 * or any other failure hands over at once: SPEC.md says this route swallows errors, so they are only
 * logged.
 */
export function LoadFallback({ route, loadingText, textsRoot }: { route: FallbackRoute; loadingText: string; textsRoot: string }) {
  const [text, setText] = useState(loadingText);
  const [closed, setClosed] = useState<Closed | null>(null);
  useEffect(() => {
    const applink = loadHandOverTarget(route.routed, route.language);
    let timer = 0;
    let cancelled = false;
    const handOverAfter = (delay: number) => {
      if (applink) timer = window.setTimeout(() => handOver(applink), delay);
    };
    if (!route.id) {
      handOverAfter(0);
      return undefined;
    }
    const id = route.id;
    const answer = fetchLiveLoad(id);
    const bundles = fetchBundles(route.language, ['load', 'loads'], textsRoot);
    // The loading line in the page's language as soon as its words come, while the load may still be on its way.
    bundles.then(
      (texts) => cancelled || setText(createTranslator(route.language.prefix, texts, 'load')('loading')),
      () => undefined,
    );
    // The metadata module names places through the gazetteer: loaded only here, where a load is shown,
    // so the 404 page of any other path does not carry it.
    Promise.all([answer, bundles, import('../head/load-meta')])
      .then(([load, texts, { loadMeta }]) => {
        if (cancelled) return;
        const t = createTranslator(route.language.prefix, texts, 'load');
        applyLiveHead(document, loadMeta(load, t, route.language, canonicalUrl(siteUrl(), loadPath(load.id), route.language)));
        handOverAfter(REDIRECT_DELAY_MS);
      })
      .catch(async (error: unknown) => {
        const gone = await answer.then(
          () => false,
          (failure: unknown) => isGone(failure),
        );
        // Asked only after the API's 404: asked beside it, the index and the frame's texts competed with a
        // new load's requests and held up its hand-over. fetchClosedLoad never rejects (broken: not closed).
        const [entry, common] = gone
          ? await Promise.all([fetchClosedLoad(id), fetchBundles(route.language, ['common'], textsRoot).catch(() => null)])
          : [null, null];
        const loadTexts = entry && common ? await bundles.catch(() => null) : null;
        const texts = loadTexts && common ? { ...common, ...loadTexts } : null;
        if (cancelled) return;
        if (entry && texts) {
          const t = createTranslator(route.language.prefix, texts, 'load');
          const unknown = t('unknownPlace');
          const routeText = `${entry.from[route.language.code] || unknown} → ${entry.to[route.language.code] || unknown}`;
          applyLiveHead(document, { title: t('closed.documentTitle', { route: routeText }), description: t('closed.lead') });
          setClosed({ entry, bundles: texts });
          return;
        }
        console.warn('Load', id, 'could not be shown; handing over to the app:', error);
        handOverAfter(0);
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [route, textsRoot]);
  if (closed) {
    return (
      <FetchedLanguageProvider language={route.language} bundles={closed.bundles}>
        <ClosedLoad entry={closed.entry} language={route.language} routed={route.routed} />
      </FetchedLanguageProvider>
    );
  }
  return <LoadingNotice text={text} />;
}
