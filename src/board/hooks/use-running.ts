import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * Whether the page runs: false in the HTML the build writes and while React hydrates it (React reads the
 * server snapshot only then), true in every render after and in a render on the client (a client-side
 * navigation, `gatsby develop`). What the build's HTML must match reads it: a control disabled until a
 * tap would not be lost, a link to a page the build did not make, the URL's query.
 */
export function useRunning(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
