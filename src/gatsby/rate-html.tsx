import React from 'react';
// The Node build, named: a test running in jsdom would otherwise get the browser's, which needs TextEncoder.
import { renderToStaticMarkup } from 'react-dom/server.node';
import type { Language } from '../config/languages';
import { buildTranslator } from './build-translator';
import { RouteRateBlock } from '../components/rates/route-rate';
import type { RouteRateData } from '../rates/page-data';

/**
 * A route page's rate block and chart as HTML, rendered by the build (docs/rates.md, "Going rates"). The page
 * inserts it as it is: the block never changes in the browser, so its components stay out of the
 * route page's script, which would otherwise grow by the chart's markup code (about 1.8 KB gzip).
 * React escapes every value, as it does on the page.
 */
export function rateBlockHtml(rate: RouteRateData, language: Language): string {
  return renderToStaticMarkup(<RouteRateBlock rate={rate} t={buildTranslator(language, ['places', 'loads'])} language={language} />);
}
