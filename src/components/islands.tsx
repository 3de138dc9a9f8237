import React, { Suspense, useId, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Partial hydration: the one rule every template follows.
 *
 * Most of a page never changes in the browser (sections, legal text, footer), yet hydrating it runs
 * every component again on the phone, in one long task. So a page is static unless marked otherwise:
 *
 * - `<Static>` keeps the HTML the build wrote and is never hydrated: on the client's first render it
 *   renders an element with empty `dangerouslySetInnerHTML`, which React hydrates without looking
 *   inside (it compares inner HTML in development only; `suppressHydrationWarning` says that is meant).
 *   Its components do not run in the browser at all. A client-side navigation renders it in full,
 *   since there is no server HTML to keep then.
 * - `<Island>` is a part that moves (the board, the header's language selector, the FAQ, the
 *   typewriter, hand-off links that read the URL). It hydrates on its own, in a task of its own, through
 *   React 18's selective hydration: a Suspense boundary whose content suspends while hydrating keeps
 *   its server nodes until the promise settles. `when="now"` hydrates in the task after the page shell
 *   (the board: it refreshes on arrival); `when="idle"` waits until the browser is idle or the visitor
 *   first touches, types or moves focus, whichever comes first. Until then its HTML is there, text in the
 *   page's language, links that work as plain links.
 * - `<Layout>` applies the rule to every page: each block of content is `Static` unless it is an
 *   `Island` (`pageBlocks`). A block that holds something that moves is wrapped in `Island` by its
 *   template; inside an island, parts may be `Static` again.
 *
 * State that feeds an island must change through startTransition while the island may still be
 * waiting: React throws error #421 and renders the island again on the client otherwise (see
 * use-load-board.ts, use-client-value.ts). The hydration e2e test checks that no server-rendered node is
 * replaced on any page type. Only production builds have server HTML; `gatsby develop` renders all.
 */

const subscribeNever = () => () => {};

/**
 * True while React hydrates this component onto server HTML, false when it renders it on the client
 * (a client-side navigation, `gatsby develop`): React reads the server snapshot only when hydrating.
 */
function useHydrating(): boolean {
  const hydrating = useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
  // The server reads the server snapshot too, but it renders everything.
  return hydrating && typeof window !== 'undefined';
}

/**
 * Whether this instance was first rendered while hydrating. Kept for its life: once hydrated, React
 * renders it again with the client snapshot, and the static part must not switch to rendering then.
 */
function useBornHydrating(): boolean {
  const [bornHydrating] = useState(useHydrating());
  return bornHydrating;
}

/**
 * `renderedFrom` names what the server HTML was rendered from (the page's language): when it changes
 * (the 404 page turns to the language its path names), the part renders on the client after all.
 */
export function Static({ children, renderedFrom = '' }: { children: ReactNode; renderedFrom?: string }) {
  const bornHydrating = useBornHydrating();
  const [serverInput] = useState(renderedFrom);
  const keepServerHtml = bornHydrating && serverInput === renderedFrom;
  return keepServerHtml ? (
    <div className="static-part" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  ) : (
    <div className="static-part">{children}</div>
  );
}

export type IslandWhen = 'now' | 'idle';

interface Wait {
  done: boolean;
  promise: Promise<void>;
}

/**
 * Waits by the island's `useId`: a component that suspends while hydrating is mounted afresh when
 * React tries again, so its own state would be lost and it would wait for ever.
 */
const waits = new Map<string, Wait>();

let lastTurn: Promise<void> = Promise.resolve();

/** One task after the previous `now` island, so each hydrates in a task of its own. */
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return lastTurn;
}

const IDLE_TIMEOUT_MS = 2000;
const FIRST_TOUCH_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
const idleWaiters: (() => void)[] = [];
let idleScheduled = false;

/**
 * Idle islands hydrate one per idle period, or all at once on the visitor's first touch, key press or
 * focus move: they are then about to be used.
 */
function whenIdle(): Promise<void> {
  return new Promise<void>((resolve) => {
    idleWaiters.push(resolve);
    if (idleScheduled) return;
    idleScheduled = true;
    // The batch ends when its last island is released, so an island that a hydrating one creates
    // later (an idle island inside an island) starts a batch of its own instead of waiting for ever.
    const endBatch = () => {
      idleScheduled = false;
      for (const type of FIRST_TOUCH_EVENTS) document.removeEventListener(type, releaseAll, true);
    };
    const releaseAll = () => {
      endBatch();
      idleWaiters.splice(0).forEach((release) => release());
    };
    const releaseOne = () => {
      idleWaiters.shift()?.();
      if (idleWaiters.length) schedule();
      else endBatch();
    };
    const schedule = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(releaseOne, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(releaseOne, 50);
    for (const type of FIRST_TOUCH_EVENTS) document.addEventListener(type, releaseAll, { capture: true, passive: true });
    schedule();
  });
}

function Gate({ when, children }: { when: IslandWhen; children: ReactNode }) {
  const id = useId();
  const hydrating = useHydrating();
  let wait = waits.get(id);
  if (hydrating && !wait) {
    const created: Wait = { done: false, promise: Promise.resolve() };
    created.promise = (when === 'now' ? nextTurn() : whenIdle()).then(() => {
      created.done = true;
    });
    waits.set(id, created);
    wait = created;
  }
  if (hydrating && wait && !wait.done) throw wait.promise;
  return <>{children}</>;
}

export function Island({ when = 'idle', children }: { when?: IslandWhen; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate when={when}>{children}</Gate>
    </Suspense>
  );
}

/** Fragments are looked through, so a page that passes its blocks in one is treated like any other. */
function flatten(children: ReactNode): ReactNode[] {
  return React.Children.toArray(children).flatMap((child) =>
    React.isValidElement<{ children?: ReactNode }>(child) && child.type === React.Fragment ? flatten(child.props.children) : [child],
  );
}

/** Layout's rule: every block of a page stays static, except the islands the template marked. */
export function pageBlocks(children: ReactNode, renderedFrom: string): ReactNode {
  return flatten(children).map((block, index) =>
    React.isValidElement(block) && block.type === Island ? (
      block
    ) : (
      <Static key={(React.isValidElement(block) && block.key) || index} renderedFrom={renderedFrom}>
        {block}
      </Static>
    ),
  );
}
