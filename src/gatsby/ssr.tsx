import type { GatsbySSR } from 'gatsby';
import type { i18n as I18n } from 'i18next';
import path from 'node:path';
import React from 'react';
import { renderToString } from 'react-dom/server';
import { apiOrigin } from '../config/env';
import { LOAD_FALLBACK_PATTERN } from '../loads/fallback-route';
import { cspMeta, noteBodyScripts } from './ssr-csp';
import { serverHead } from './ssr-head';
import { LoadHead } from '../head/load-head';
import { PlaceLoadsHead } from '../head/place-loads-head';
import type { LocaleData } from '../i18n/runtime';
import type { LoadPageContext } from '../loads/page-context';
import { wrapPageElement as wrapInLanguage } from '../i18n/plugin-runtime';
import { keepsAnswers, rememberAnswers } from '../i18n/server-translations';

const PUBLIC_DIR = path.resolve(process.cwd(), 'public');

/** Tags every page carries: icons and manifest, and an early connection to the API for /loads. */
function headLinks(): React.ReactElement[] {
  const origin = apiOrigin();
  return [
    <link key="icon-svg" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="icon-png" rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href="/apple-touch-icon.png" />,
    <link key="manifest" rel="manifest" href="/site.webmanifest" />,
    ...(origin ? [<link key="preconnect-api" rel="preconnect" href={origin} crossOrigin="anonymous" />] : []),
  ];
}

/**
 * The page in its language, as in the browser (src/i18n/plugin-runtime.tsx); the wrapper hands back
 * react-i18next's provider of the instance it built for the page, which the production server lets
 * answer from what earlier pages worked out (src/i18n/server-translations.ts).
 */
export const wrapPageElement: GatsbySSR['wrapPageElement'] = (args, options) => {
  const element = wrapInLanguage(args as Parameters<typeof wrapInLanguage>[0], options) as React.ReactElement<{ i18n?: I18n }>;
  const instance = element.props.i18n;
  if (instance && keepsAnswers()) rememberAnswers(instance);
  return element;
};

/**
 * Gatsby renders page bodies with React 18's streaming renderer, which leaves a U+0000 byte wherever a
 * multi-byte character meets the end of its 2 KB buffer (facebook/react#24985, fixed in React 19 only):
 * invalid HTML in the Cyrillic and Russian pages, found by the Nu Html Checker. Pages here never
 * suspend, so rendering them to a string gives the same markup without the stray bytes.
 */
export const replaceRenderer: GatsbySSR['replaceRenderer'] = ({ bodyComponent, replaceBodyHTMLString, pathname }) => {
  const body = renderToString(bodyComponent as React.ReactElement);
  noteBodyScripts(pathname, body);
  replaceBodyHTMLString(body);
};

/** The page data Gatsby holds for the page it renders, as far as the server's Head reads it. */
interface RenderedPageData {
  componentChunkName?: string;
  result?: { data?: LocaleData; pageContext?: Record<string, unknown> };
}

/** Gatsby's name for the city and route template's chunk (PLACE_LOADS_TEMPLATE, src/gatsby/page-table.ts), kebab-cased. */
export const PLACE_LOADS_CHUNK = 'component---src-templates-place-loads-tsx';

/**
 * The Head element of a page whose template leaves its Head to the server's site (load and city or route
 * pages: src/templates/load.tsx and place-loads.tsx export theirs to the browser only), or null.
 */
export function serverHeadElement(pageData: RenderedPageData | null): React.ReactElement | null {
  const context = pageData?.result?.pageContext;
  if (!context) return null;
  if (context.loadId !== undefined) return <LoadHead pageContext={context as unknown as LoadPageContext} />;
  if (pageData?.componentChunkName !== PLACE_LOADS_CHUNK) return null;
  const props = { data: pageData.result?.data, pageContext: context } as unknown as Parameters<typeof PlaceLoadsHead>[0];
  return <PlaceLoadsHead {...props} />;
}

/**
 * A load or place page's Head tags come after the links, where Gatsby would have put them. Asked for the
 * page being rendered, `loadPageDataSync` hands back the page data object Gatsby has already read for
 * the render (cache-dir/static-entry.js), so finding the page's context reads and parses nothing again,
 * on any page.
 */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents, setHtmlAttributes, loadPageDataSync, pathname }) => {
  setHeadComponents(headLinks());
  // `gatsby develop` renders an HTML shell without the page's data and gives no loadPageDataSync; there
  // these pages' Head comes with the browser's render.
  if (typeof loadPageDataSync !== 'function') return;
  const element = serverHeadElement(loadPageDataSync(pathname) as RenderedPageData | null);
  if (!element) return;
  const head = serverHead(element);
  setHtmlAttributes(head.htmlAttributes as Parameters<typeof setHtmlAttributes>[0]);
  setHeadComponents(head.components);
};

/**
 * Gatsby inlines the whole site's CSS into every page. A load page shows one line that styles itself
 * (LoadingNotice), so its copy is dropped: tens of thousands of pages, each about 12 KB lighter, and a
 * build that writes a fifth of the bytes. Every page gets its script policy first in its head
 * (./ssr-csp.tsx).
 */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
  getPreBodyComponents,
  getPostBodyComponents,
}) => {
  const head = LOAD_FALLBACK_PATTERN.test(pathname)
    ? getHeadComponents().filter((component) => {
        const element = component as React.ReactElement<{ 'data-identity'?: string }> | null;
        return !(element && element.type === 'style' && element.props['data-identity'] === 'gatsby-global-css');
      })
    : getHeadComponents();
  // `gatsby develop` runs its scripts through eval (webpack's development source maps) and hot reloading,
  // which the production policy forbids: the policy is the production build's.
  if (process.env.NODE_ENV !== 'production') return replaceHeadComponents(head);
  const meta = cspMeta(pathname, PUBLIC_DIR, [...head, ...getPreBodyComponents(), ...getPostBodyComponents()]);
  replaceHeadComponents([meta, ...head]);
};
