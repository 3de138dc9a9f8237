import React, { lazy, type ComponentType } from 'react';

/**
 * A part whose code is fetched on first use (React.lazy), that can be fetched again after a failure:
 * React keeps a lazy part's failed fetch for the page's life, so `retry` makes a new one, and the next
 * render fetches afresh (webpack lets a chunk that failed load again). PartBoundary calls it.
 */
export interface LazyPart<P> {
  Part: (props: P) => React.ReactElement;
  retry: () => void;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  // A lazy part takes the props of the part it loads; React's types say so only for props without a ref.
  const make = () => lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  let Loaded = make();
  return {
    Part: (props: P) => <Loaded {...props} />,
    retry: () => {
      Loaded = make();
    },
  };
}
