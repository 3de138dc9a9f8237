import { lazyPart } from '../lazy-part';

/**
 * board-cards.ts in the browser's script (src/gatsby/webpack.ts): the cards' code is fetched when a
 * list first changes, inside a transition, so the list on screen stays until it is there. The offline
 * worker keeps its chunk with the page (TAP_CHUNKS in src/offline/policy.ts).
 */
export const BoardCards = lazyPart(
  () => import(/* webpackChunkName: "board-tap-cards" */ './load-card').then((module) => module.BoardCardList),
  false,
).Part;
