import React, { Suspense, useState, type ReactNode } from 'react';

/**
 * Progressive hydration for the first page a visitor opens.
 *
 * Hydrating a whole page is one long task (30-60 ms here, four times that on a cheap phone), and every
 * task over 50 ms blocks taps and counts against Total Blocking Time. Parts wrapped in <HydrateLater>
 * keep the HTML the build wrote and hydrate one per task after the rest of the page, through React 18's
 * selective hydration: Gatsby's streaming server renderer marks each Suspense boundary in the HTML
 * (`<!--$-->…<!--/$-->`), and a boundary whose content suspends while hydrating keeps its server nodes
 * until the promise settles, then hydrates into them. Until then the part is the server HTML, visible
 * and unchanged; its links and forms work as plain HTML.
 *
 * Rule for what goes inside: nothing that must answer a tap in the first few milliseconds. Rule for
 * what is outside: state that feeds a part must change through startTransition while the part may still
 * be waiting (React throws error #421 and renders the part again on the client otherwise; see
 * use-load-board.ts). The e2e hydration test checks that no server-rendered node is replaced on any
 * page type.
 *
 * Only in production builds: `gatsby develop` renders in the browser without server HTML, so there is
 * nothing to keep.
 */
let firstHydration = typeof window !== 'undefined' && process.env.NODE_ENV === 'production';
let shellHydrated = false;
/** Parts waiting for their turn, or whose turn came but whose hydration may still create inner parts. */
let partsPending = 0;

function endWhenSettled(): void {
  if (shellHydrated && partsPending === 0) firstHydration = false;
}

/**
 * Called once the page shell has hydrated. The first hydration ends when its parts have too (parts
 * inside a part are deferred again); later navigations render everything at once.
 */
export function endFirstHydration(): void {
  shellHydrated = true;
  endWhenSettled();
}

let lastTurn: Promise<void> = Promise.resolve();

/** Resolves one task after the previously deferred part, so each part hydrates in a task of its own. */
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return lastTurn;
}

interface Wait {
  done: boolean;
  promise: Promise<void>;
}

function Gate({ children }: { children: ReactNode }) {
  const [wait] = useState<Wait | null>(() => {
    if (!firstHydration) return null;
    partsPending += 1;
    const state: Wait = { done: false, promise: Promise.resolve() };
    state.promise = nextTurn().then(() => {
      state.done = true;
      // The part hydrates in this task's microtasks, creating any inner parts; counted down after that.
      setTimeout(() => {
        partsPending -= 1;
        endWhenSettled();
      }, 0);
    });
    return state;
  });
  if (wait && !wait.done) throw wait.promise;
  return <>{children}</>;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
