import React, { Suspense, lazy, type ComponentType } from 'react';
import { PartBoundary } from './part-boundary';

/**
 * A part whose code is fetched on first use (React.lazy), inside its own boundary (part-boundary.tsx):
 * while it loads it shows `Fallback` (nothing by default), or, with `Fallback` false, it leaves the wait
 * to the Suspense around it (the cards: inside a transition, the list on screen stays until the new
 * one can be drawn); when its code cannot be had it gives way to
 * one line in the page's language, and it is fetched again later. React keeps a lazy part's failed fetch
 * for the page's life, so `retry` (which the boundary calls) makes a new one, and the next render fetches
 * afresh (webpack lets a chunk that failed load again).
 */
export interface LazyPart<P> {
  Part: (props: P) => React.ReactElement;
  retry: () => void;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, Fallback?: ComponentType | false): LazyPart<P> {
  // A lazy part takes the props of the part it loads; React's types say so only for props without a ref.
  const make = () => lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  let Loaded = make();
  const retry = () => {
    Loaded = make();
  };
  // Reads the part's lazy at each mount: the boundary, tried again, mounts its children anew, and they
  // must be the new lazy, not the one that failed.
  const Current = (props: P) => <Loaded {...props} />;
  return {
    Part: (props: P) => (
      <PartBoundary onCaught={retry}>
        {Fallback === false ? (
          <Current {...props} />
        ) : (
          <Suspense fallback={Fallback ? <Fallback /> : null}>
            <Current {...props} />
          </Suspense>
        )}
      </PartBoundary>
    ),
    retry,
  };
}
