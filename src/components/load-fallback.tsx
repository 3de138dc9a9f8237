import React, { useEffect, useState } from 'react';
import { fetchLoad } from '../api-client/client';
import { REDIRECT_DELAY_MS } from '../config/constants';
import { loadPath } from '../config/routes';
import { siteUrl } from '../config/env';
import { canonicalUrl } from '../i18n/paths';
import { fetchBundles } from '../i18n/path-language';
import { createTranslator } from '../i18n/translator';
import type { FallbackRoute } from '../loads/fallback-route';
import { applyLiveHead } from '../head/live-head';
import { LoadingNotice } from './loading-notice';
import { loadHandOverTarget } from '../handoff/crawler';

/**
 * A load newer than the build: fetch it, set the page metadata, then hand over to /applink after
 * 100 ms. A missing id or a failed fetch hands over at once: SPEC.md says this route swallows errors,
 * so they are only logged.
 */
export function LoadFallback({ route, loadingText }: { route: FallbackRoute; loadingText: string }) {
  const [text, setText] = useState(loadingText);
  useEffect(() => {
    const applink = loadHandOverTarget(route.routed, route.language);
    let timer = 0;
    let cancelled = false;
    const handOver = (delay: number) => {
      if (applink) timer = window.setTimeout(() => window.location.replace(applink), delay);
    };
    if (!route.id) {
      handOver(0);
      return undefined;
    }
    const id = route.id;
    // The metadata module names places through the gazetteer: loaded only here, where a load is shown,
    // so the 404 page of any other path does not carry it.
    Promise.all([fetchLoad(id), fetchBundles(route.language, ['load', 'loads']), import('../head/load-meta')])
      .then(([load, bundles, { loadMeta }]) => {
        if (cancelled) return;
        const t = createTranslator(route.language.prefix, bundles);
        setText(t('loading'));
        applyLiveHead(document, loadMeta(load, t, route.language, canonicalUrl(siteUrl(), loadPath(load.id), route.language)));
        handOver(REDIRECT_DELAY_MS);
      })
      .catch((error: unknown) => {
        console.warn('Load', id, 'could not be shown; handing over to the app:', error);
        if (!cancelled) handOver(0);
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [route]);
  return <LoadingNotice text={text} />;
}
