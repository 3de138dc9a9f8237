import { definePageHead } from './define-head';
import type { JsonLd } from './head-tags';
import { placeFeedTitle, placeTitle } from './place-titles';
import type { PlaceLoadsPageContext } from '../loads/place-page-context';

/**
 * A city or route page's Head. The page's ItemList is the build's (src/gatsby/board-json-ld.ts): the Head
 * runs in the browser too, and the list's builders would ship in the page's script for data that never
 * changes there. On the server the site writes its tags itself (src/gatsby/ssr.tsx), as a load page's.
 */
export const PlaceLoadsHead = definePageHead<PlaceLoadsPageContext & { jsonLd?: JsonLd }>(({ t, pageContext }) => {
  const { kind, from, to, total, pagePath } = pageContext;
  const title = placeTitle(pageContext, t, 'places:');
  const values = kind === 'route' ? { from, to, total } : { place: from || to, total };
  return {
    kind: 'page',
    path: pagePath,
    title,
    description: t(`places:${kind}.description`, values),
    keywords: t(`places:${kind}.keywords`, values),
    feed: pageContext.feedPath ? { href: pageContext.feedPath, title: placeFeedTitle(t, kind, from, to) } : undefined,
    jsonLd: pageContext.jsonLd,
  };
});
