import React, { useEffect, useState } from 'react';
import type { HeadProps, PageProps } from 'gatsby';
import { REDIRECT_DELAY_MS } from '../config/constants';
import { ROUTES, loadPath } from '../config/routes';
import { Seo } from '../components/seo';
import { useDelayedRedirect } from '../components/use-delayed-redirect';
import { pageLanguage } from '../i18n/runtime';
import { localizedPath } from '../i18n/paths';
import type { LoadPageContext } from '../loads/page-context';
import { LoadingNotice } from '../components/loading-notice';
import { isCrawler } from '../handoff/crawler';

/** A pre-built load page: metadata for crawlers and link previews; people are sent on to the app. */
export default function LoadPage({ pageContext }: PageProps<object, LoadPageContext>) {
  const language = pageLanguage(pageContext);
  const [applink, setApplink] = useState<string | null>(null);
  useEffect(() => {
    if (isCrawler(navigator.userAgent)) return;
    setApplink(pageContext.routed ? localizedPath(ROUTES.applink, language) : ROUTES.applink);
  }, [pageContext.routed, language]);
  useDelayedRedirect(applink, REDIRECT_DELAY_MS);
  return <LoadingNotice text={pageContext.loading} />;
}

export function Head({ pageContext }: HeadProps<object, LoadPageContext>) {
  const { meta, loadId } = pageContext;
  return (
    <Seo
      language={pageLanguage(pageContext)}
      path={loadPath(loadId)}
      title={meta.title}
      description={meta.description}
      keywords={meta.keywords}
      ogType="article"
      jsonLd={meta.jsonLd}
    />
  );
}
