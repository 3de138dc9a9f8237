import React from 'react';
import type { HeadProps } from 'gatsby';
import { loadPath } from '../config/routes';
import { pageLanguage } from '../i18n/runtime';
import type { LoadPageContext } from '../loads/page-context';
import { PageHead } from './page-head';

/**
 * A load page's head: the template's Head in the browser; on the server the site writes its tags
 * from this element itself (src/gatsby/ssr.tsx, src/gatsby/ssr-head.ts).
 */
export function LoadHead({ pageContext }: Pick<HeadProps<object, LoadPageContext>, 'pageContext'>) {
  const { meta, loadId, shareImageAlt } = pageContext;
  return (
    <PageHead page={{ kind: 'load', path: loadPath(loadId), language: pageLanguage(pageContext), imageAlt: shareImageAlt, ...meta }} />
  );
}
