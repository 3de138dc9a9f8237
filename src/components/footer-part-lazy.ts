import { lazyPart } from './lazy-part';

/**
 * footer-part.ts in the browser's script (src/gatsby/webpack.ts): the footer's code is fetched when a
 * client-side navigation first renders it, never with a page's first script. The offline worker keeps
 * its chunk with a board, city or route page (TAP_CHUNKS in src/offline/policy.ts), so moving between
 * kept pages offline still draws the footer.
 */
export const FooterPart = lazyPart(() =>
  import(/* webpackChunkName: "board-tap-footer" */ './footer').then((module) => module.Footer),
).Part;
