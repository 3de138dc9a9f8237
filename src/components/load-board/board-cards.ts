/**
 * The cards of a list the board renders: at once, as the build writes its HTML and as tests render the
 * board. The browser's script takes board-cards-lazy.ts in place of this module (src/gatsby/webpack.ts):
 * there the first list is the build's HTML, which most visits keep, so the cards' code is a chunk of its
 * own, fetched when a list first changes.
 */
export { BoardCardList as BoardCards } from './load-card';
