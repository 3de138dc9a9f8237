import React, { Suspense, useId, useState, type ReactNode } from 'react';
import { PartBoundary } from './part-boundary';
import { useRunning } from '../board/hooks/use-running';

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
 * - `<Island>` is a part that moves (the board, the header, hand-off links that read the URL). It
 *   hydrates on its own, in a task of its own, through React 18's selective hydration: a Suspense
 *   boundary whose content suspends while hydrating keeps its server nodes until the promise settles.
 *   `when="now"` hydrates in the task after the page shell (the board: it refreshes on arrival);
 *   `when="touch"` waits for the visitor's first tap, key, focus move or click (the header). Until then
 *   its HTML is there, text in the page's language, links that work as plain links. What can work with
 *   no script at all is not an island: the FAQ is a native `<details name>` group, the home page's
 *   typewriter a CSS animation.
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

/**
 * True while React hydrates this component onto server HTML, false when it renders it on the client
 * (a client-side navigation, `gatsby develop`): React reads the server snapshot only when hydrating.
 */
function useHydrating(): boolean {
  // The server reads the server snapshot too, but it renders everything.
  return !useRunning() && typeof window !== 'undefined';
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

/**
 * When an island hydrates: `now`, in a task of its own right after the page shell (the board: it
 * refreshes on arrival); `touch`, at the visitor's first tap, key press, focus move or click anywhere on
 * the page (the header: what it does, a language switch that remembers the choice and client-side
 * navigation, is only wanted once the visitor reaches for it; until then its links are plain links).
 */
export type IslandWhen = 'now' | 'touch';

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

const FIRST_TOUCH_EVENTS = ['pointerdown', 'keydown', 'focusin', 'click'] as const;

/**
 * The page's first touch. Listened for from when this module runs, before React hydrates anything, on
 * the document and in the capture phase, so it is known before React sees the event: a tap on a part
 * still waiting makes React hydrate that part at once and hand it the tap (a click, which a screen
 * reader may send with no pointer or focus event before it, counts too).
 */
const firstTouch: Wait = { done: false, promise: Promise.resolve() };
const touchWaiters: ((event: Event | null) => void)[] = [];
if (typeof document !== 'undefined') {
  firstTouch.promise = new Promise<void>((resolve) => {
    const touched = (event: Event) => {
      firstTouch.done = true;
      for (const type of FIRST_TOUCH_EVENTS) document.removeEventListener(type, touched, true);
      for (const waiter of touchWaiters.splice(0)) waiter(event);
      resolve();
    };
    for (const type of FIRST_TOUCH_EVENTS) document.addEventListener(type, touched, { capture: true, passive: true });
  });
}

/**
 * Calls `wake` at the page's first touch, inside that event's dispatch and before React sees it (with
 * the event), or at once (with null) when the touch came already.
 */
export function atFirstTouch(wake: (event: Event | null) => void): void {
  if (firstTouch.done) wake(null);
  else touchWaiters.push(wake);
}

/**
 * When a whole page hydrates: `on-arrival`, as soon as its script has loaded; `at-first-touch`, at the
 * visitor's first touch, for a page that has nothing to do before then (its text and links are the
 * build's HTML, what moves on it moves by CSS or the browser itself, and its header wakes at the touch
 * anyway). `<main>` says which (PAGE_HYDRATION_ATTRIBUTE), for src/components/page-hydration.tsx to read before
 * React starts.
 */
export type PageHydration = 'on-arrival' | 'at-first-touch';
export const PAGE_HYDRATION_ATTRIBUTE = 'data-hydrate';

/** Whether the page in the document hydrates at the first touch (read before hydrating it). */
export function pageHydratesAtFirstTouch(): boolean {
  return document.querySelector(`main[${PAGE_HYDRATION_ATTRIBUTE}="at-first-touch"]`) !== null;
}

function waitFor(id: string): Wait {
  let wait = waits.get(id);
  if (!wait) {
    const created: Wait = { done: false, promise: Promise.resolve() };
    created.promise = nextTurn().then(() => {
      created.done = true;
    });
    waits.set(id, created);
    wait = created;
  }
  return wait;
}

function Gate({ when, children }: { when: IslandWhen; children: ReactNode }) {
  const id = useId();
  const hydrating = useHydrating();
  if (hydrating) {
    const wait = when === 'now' ? waitFor(id) : firstTouch;
    if (!wait.done) throw wait.promise;
  }
  return <>{children}</>;
}

/**
 * An island that throws (a part of it whose code cannot be fetched offline, a bug) gives way to one line
 * in the page's language; the rest of the page stays (part-boundary.tsx).
 */
export function Island({ when, children }: { when: IslandWhen; children: ReactNode }) {
  return (
    <PartBoundary>
      <Suspense fallback={null}>
        <Gate when={when}>{children}</Gate>
      </Suspense>
    </PartBoundary>
  );
}

/** Fragments are looked through, so a page that passes its blocks in one is treated like any other. */
function flatten(children: ReactNode): ReactNode[] {
  return React.Children.toArray(children).flatMap((child) =>
    React.isValidElement<{ children?: ReactNode }>(child) && child.type === React.Fragment ? flatten(child.props.children) : [child],
  );
}

/**
 * What the page asked for, unless one of its blocks is a `now` island: a page with work on arrival
 * hydrates on arrival, whatever it asked.
 */
export function pageHydration(asked: PageHydration, children: ReactNode): PageHydration {
  const workOnArrival = flatten(children).some(
    (block) => React.isValidElement<{ when?: IslandWhen }>(block) && block.type === Island && block.props.when === 'now',
  );
  return workOnArrival ? 'on-arrival' : asked;
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
