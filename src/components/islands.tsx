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
 *   since there is no server HTML to keep then. Controls inside one need no hydration when one
 *   listener on the document serves them all (the cards' share sheet buttons: native-share.ts).
 * - `<Island>` is a part that moves (the board, the header's language selector, the FAQ, the
 *   typewriter, hand-off links that read the URL). It hydrates on its own, in a task of its own, through
 *   React 18's selective hydration: a Suspense boundary whose content suspends while hydrating keeps
 *   its server nodes until the promise settles. `when="now"` hydrates in the task after the page shell
 *   (the board: it refreshes on arrival); `when="idle"` waits until the browser is idle or the visitor
 *   first touches, types or moves focus, whichever comes first, and at the latest 2 s after it began to
 *   wait (`IDLE_DEADLINE_MS`, one deadline for all the page's idle islands). Until then its HTML is there, text in the
 *   page's language, links that work as plain links.
 * - `<Layout>` applies the rule to every page: each block of content is `Static` unless it is an
 *   `Island` (`pageBlocks`). A block that holds something that moves is wrapped in `Island` by its
 *   template; inside an island, parts may be `Static` again (the board's cards, while they are the
 *   loads the build rendered: `renderedFrom` names that list, and a refresh bringing other loads, a
 *   search or a page turn renders them on the client).
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
 * `renderedFrom` names what the server HTML was rendered from (the page's language; the board's list of
 * cards): when it changes (the 404 page turns to the language its path names, a refresh brings other
 * loads), the part renders on the client after all.
 */
export function Static({
  children,
  renderedFrom = '',
  htmlRef,
}: {
  children: ReactNode;
  renderedFrom?: string;
  /** Set to the part's element while it keeps the build's HTML (which React then does not own). */
  htmlRef?: React.Ref<HTMLDivElement>;
}) {
  const bornHydrating = useBornHydrating();
  const [serverInput] = useState(renderedFrom);
  // Once it has rendered on the client it never goes back, even if the input does: the build's HTML is
  // gone by then, and an empty inner HTML would empty the part.
  const [left, setLeft] = useState(false);
  if (!left && serverInput !== renderedFrom) setLeft(true);
  const keepServerHtml = bornHydrating && !left && serverInput === renderedFrom;
  return keepServerHtml ? (
    <div ref={htmlRef} className="static-part" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
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

/** Every idle island of a batch hydrates at most this long after the batch began (README, "Islands"). */
export const IDLE_DEADLINE_MS = 2000;
const FIRST_TOUCH_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** The idle islands waiting together: those of the page's hydration, or those a hydrating island adds. */
interface IdleBatch {
  waiters: (() => void)[];
}

let openBatch: IdleBatch | null = null;

/**
 * Opens a batch: its islands hydrate one per idle period, all at once on the visitor's first touch,
 * key press or focus move (they are then about to be used), and all at once when the batch's deadline
 * comes, so a browser that is never idle still hydrates every island within IDLE_DEADLINE_MS. Every
 * wait a batch starts is its own and is cancelled when the batch ends, so nothing of an ended batch
 * can release an island of a later one.
 */
function openIdleBatch(): IdleBatch {
  const batch: IdleBatch = { waiters: [] };
  let idleHandle: number | undefined;
  let idleIsTimeout = false;
  const cancelIdle = () => {
    if (idleHandle === undefined) return;
    if (idleIsTimeout) window.clearTimeout(idleHandle);
    else window.cancelIdleCallback(idleHandle);
    idleHandle = undefined;
  };
  // The batch ends when its last island is released, so an island that a hydrating one creates
  // later (an idle island inside an island) starts a batch of its own instead of waiting for ever.
  const end = () => {
    if (openBatch === batch) openBatch = null;
    cancelIdle();
    window.clearTimeout(deadline);
    for (const type of FIRST_TOUCH_EVENTS) document.removeEventListener(type, releaseAll, true);
  };
  const releaseAll = () => {
    end();
    batch.waiters.splice(0).forEach((release) => release());
  };
  const releaseOne = () => {
    idleHandle = undefined;
    batch.waiters.shift()?.();
    if (batch.waiters.length) scheduleIdle();
    else end();
  };
  const scheduleIdle = () => {
    idleIsTimeout = typeof window.requestIdleCallback !== 'function';
    idleHandle = idleIsTimeout ? window.setTimeout(releaseOne, 50) : window.requestIdleCallback(releaseOne);
  };
  const deadline = window.setTimeout(releaseAll, IDLE_DEADLINE_MS);
  for (const type of FIRST_TOUCH_EVENTS) document.addEventListener(type, releaseAll, { capture: true, passive: true });
  scheduleIdle();
  return batch;
}

function whenIdle(): Promise<void> {
  return new Promise<void>((resolve) => {
    openBatch ??= openIdleBatch();
    openBatch.waiters.push(resolve);
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
