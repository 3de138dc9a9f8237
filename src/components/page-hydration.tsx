import React, { startTransition, useLayoutEffect, type ReactNode } from 'react';
import type { Renderer } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { GatsbyBrowser } from 'gatsby';
import { atFirstTouch, pageHydratesAtFirstTouch } from './islands';

/**
 * Hydrates the page in a transition. React renders an update of the default priority, the first
 * hydration included, in one task however long it takes: on a cheap phone a few hundred milliseconds
 * in which a tap waits. In a transition React yields to the browser every few milliseconds, and a tap
 * on a part not yet hydrated makes React hydrate that part at once. Parts that never move are not
 * hydrated at all (src/components/islands.tsx).
 *
 * A page with nothing to do on arrival (its `<main>` says so) is hydrated at the visitor's first touch
 * instead: until then it is the build's HTML, whose links work as plain links, and the phone's main
 * thread does nothing of the site's but load its script.
 *
 * A page the build left empty has nothing to hydrate and is rendered instead, as Gatsby's own
 * renderer decides (by the focus wrapper's children). So is every page of `gatsby develop`, whose
 * development-only parts (its loading indicator) are not in its HTML: hydrating would fail on them.
 */
function hydrateInTransition(element: ReactNode, container: Element): void {
  if (process.env.NODE_ENV === 'development' || !document.getElementById('gatsby-focus-wrapper')?.children.length) {
    createRoot(container).render(element);
    return;
  }
  if (!pageHydratesAtFirstTouch()) {
    startTransition(() => {
      hydrateRoot(container, element);
    });
    return;
  }
  atFirstTouch((event) => {
    const { stop, kept } = followScroll();
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      document.removeEventListener('click', start, true);
      startTransition(() => {
        hydrateRoot(
          container,
          <KeepScroll kept={kept} stop={stop}>
            {element}
          </KeepScroll>,
        );
      });
    };
    // A click must find React listening by the time it reaches the page, so that React hydrates what
    // it lands on and hands it the click: it starts the hydration inside its own dispatch. After any
    // other touch the hydration starts in the next task (React would otherwise hydrate the whole page
    // inside that event, at once), or at a click that comes before then.
    if (!event || event.type === 'click') {
      start();
      return;
    }
    document.addEventListener('click', start, { capture: true });
    window.setTimeout(start, 0);
  });
}

/** Where the visitor has scrolled to, followed from the touch until the page has hydrated. */
function followScroll(): { kept: { x: number; y: number }; stop: () => void } {
  const kept = { x: window.scrollX, y: window.scrollY };
  const follow = () => {
    kept.x = window.scrollX;
    kept.y = window.scrollY;
  };
  window.addEventListener('scroll', follow, { passive: true });
  return { kept, stop: () => window.removeEventListener('scroll', follow) };
}

/**
 * Keeps the visitor where they are. Gatsby's scroll handler, mounting with the page, scrolls to the
 * address's hash (or a position it kept): right on arrival, where the browser did it already, but not
 * seconds later at the first touch. Its mount runs before this component's layout effect, which puts
 * the page back before the browser paints.
 */
function KeepScroll({ kept, stop, children }: { kept: { x: number; y: number }; stop: () => void; children: ReactNode }) {
  useLayoutEffect(() => {
    stop();
    if (window.scrollX !== kept.x || window.scrollY !== kept.y) window.scrollTo(kept.x, kept.y);
  }, [kept, stop]);
  return <>{children}</>;
}

// Gatsby types this as ReactDOM's legacy `render`; production-app.js calls it as (element, container)
// and ignores what it returns.
export const replaceHydrateFunction: GatsbyBrowser['replaceHydrateFunction'] = () => hydrateInTransition as unknown as Renderer;
