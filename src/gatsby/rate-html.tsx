import React from 'react';
// The Node build, named: a test running in jsdom would otherwise get the browser's, which needs TextEncoder.
import { renderToStaticMarkup } from 'react-dom/server.node';
import type { TFunction } from 'i18next';
import type { Language } from '../config/languages';
import { createTranslator } from '../i18n/translator';
import { RouteRateBlock } from '../components/rates/route-rate';
import type { RouteRateData } from '../rates/page-data';
import { readLocale } from './locales';

/**
 * A route page's rate block and chart as HTML, rendered by the build (docs/rates.md, "Going rates"). The page
 * inserts it as it is: the block never changes in the browser, so its components stay out of the
 * route page's script, which would otherwise grow by the chart's markup code (about 1.8 KB gzip).
 * React escapes every value, as it does on the page.
 */
const translators = new Map<string, TFunction>();

function translatorFor(language: Language): TFunction {
  let t = translators.get(language.code);
  if (!t) {
    // `loads` for the estimate's words (a price per km is written as the cards write it).
    t = createTranslator(language.prefix, { places: readLocale(language, 'places'), loads: readLocale(language, 'loads') }, 'places');
    translators.set(language.code, t);
  }
  return t;
}

export function rateBlockHtml(rate: RouteRateData, language: Language): string {
  return renderToStaticMarkup(<RouteRateBlock rate={rate} t={translatorFor(language)} language={language} />);
}
