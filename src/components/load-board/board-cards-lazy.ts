import { lazy } from 'react';

/**
 * board-cards.ts in the browser's script (src/gatsby/webpack.ts): the cards' code is fetched when a
 * list first changes, inside a transition, so the list on screen stays until it is there.
 */
export const BoardCards = lazy(() => import('./load-card').then((cards) => ({ default: cards.BoardCardList })));
