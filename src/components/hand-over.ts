import { navigate } from 'gatsby';

/**
 * Leaves for `target` without a history entry. A path of this site (a load page's /applink) is
 * rendered by the router already running: a second page load would parse and start React, Gatsby and
 * i18next again before the store, a second or more on a cheap phone. Should the page's data not load,
 * Gatsby's router falls back to a full page load of the path itself. Anything else (a store, the main
 * website) is a plain location change.
 */
export function handOver(target: string): void {
  if (target.startsWith('/') && !target.startsWith('//')) void navigate(target, { replace: true });
  else window.location.replace(target);
}
