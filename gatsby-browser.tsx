import type { GatsbyBrowser } from 'gatsby';
import './src/styles/global.css';

export { onRouteUpdate } from './src/a11y/route-change';
export { replaceHydrateFunction } from './src/gatsby/hydrate';

/**
 * Required when the first page renders, not when app.js is evaluated: i18next, react-i18next and the
 * i18n plugin then start in the render's task instead of adding to app.js's, which on a cheap phone is
 * the longest task of the page (webpack runs a module's code on its first `require`).
 */
export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = (args, options) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose, see above
  const runtime = require('./src/i18n/plugin-runtime') as typeof import('./src/i18n/plugin-runtime');
  return runtime.wrapPageElement(args, options);
};
