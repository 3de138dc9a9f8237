import React from 'react';
import type { HeadProps } from 'gatsby';
import { loadPath } from '../config/routes';
import { pageLanguage } from '../i18n/runtime';
import type { LoadPageContext } from '../loads/page-context';
import { PageHead } from './page-head';
import { loadMetaOf } from './load-page-meta';
import { canonicalUrl } from '../i18n/paths';
import { siteUrl } from '../config/env';

/**
 * A load page's head: the template's Head in the browser; on the server the site writes its tags
 * from this element itself (src/gatsby/ssr.tsx, src/gatsby/ssr-head.ts).
 */
export function LoadHead({ pageContext }: Pick<HeadProps<object, LoadPageContext>, 'pageContext'>) {
  const { meta, loadId, shareImageAlt } = pageContext;
  const path = loadPath(loadId);
  const language = pageLanguage(pageContext);
  // The bare alias's canonical URL is its /uz twin's, as its JSON-LD's @id and url.
  const head = loadMetaOf(meta, canonicalUrl(siteUrl(), path, language));
  return <PageHead page={{ kind: 'load', path, language, imageAlt: shareImageAlt, ...head }} />;
}
