import { lazy, type ComponentType } from 'react';
import type { BoardCardList } from './load-card';

type Cards = ComponentType<Parameters<typeof BoardCardList>[0]>;

/**
 * The cards of a list the board renders in the browser. The first list is the build's HTML and most
 * visits keep it (load-board.tsx), so in the browser the cards' code is a chunk of its own, fetched when
 * a list first changes (inside a transition: the list on screen stays until it is there). The build
 * renders them at once (React cannot wait for a chunk in the HTML it writes), as do tests; webpack
 * drops the branch a stage does not take.
 */
export const BoardCards: Cards =
  process.env.BUILD_STAGE === 'build-javascript'
    ? lazy(() => import('./load-card').then((cards) => ({ default: cards.BoardCardList })))
    : // A require in a branch webpack leaves out of the browser's script, so load-card stays out of it.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./load-card') as typeof import('./load-card')).BoardCardList;
