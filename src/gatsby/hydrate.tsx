import { startTransition, type ReactNode } from 'react';
import type { Renderer } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { GatsbyBrowser } from 'gatsby';

/**
 * Hydrates the page in a transition. React renders an update of the default priority, the first
 * hydration included, in one task however long it takes: on a cheap phone a few hundred milliseconds
 * in which a tap waits. In a transition React yields to the browser every few milliseconds, and a tap
 * on a part not yet hydrated makes React hydrate that part at once. Parts that never move are not
 * hydrated at all (src/components/islands.tsx).
 *
 * A page the build left empty has nothing to hydrate and is rendered instead, as Gatsby's own
 * renderer decides (by the focus wrapper's children).
 */
function hydrateInTransition(element: ReactNode, container: Element): void {
  if (!document.getElementById('gatsby-focus-wrapper')?.children.length) {
    createRoot(container).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element);
  });
}

// Gatsby types this as ReactDOM's legacy `render`; production-app.js calls it as (element, container)
// and ignores what it returns.
export const replaceHydrateFunction: GatsbyBrowser['replaceHydrateFunction'] = () => hydrateInTransition as unknown as Renderer;
