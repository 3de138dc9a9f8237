import React from 'react';
import type { PageProps } from 'gatsby';
import { REDIRECT_DELAY_MS } from '../config/constants';
import { loadPath, ROUTES } from '../config/routes';
import { canonicalUrl, localizedPath } from '../i18n/paths';
import { siteUrl } from '../config/env';
import type { Language } from '../config/languages';
import { telegramShareUrl } from '../loads/share';
import { LoadHead } from '../head/load-head';
import { useDelayedRedirect } from '../components/use-delayed-redirect';
import { pageLanguage } from '../i18n/runtime';
import type { LoadPageContext } from '../loads/page-context';
import { LoadingNotice } from '../components/loading-notice';
import { loadHandOverTarget } from '../handoff/crawler';

/** A pre-built load page: metadata for crawlers and link previews; people are sent on to the app. */
export default function LoadPage({ pageContext }: PageProps<object, LoadPageContext>) {
  // Null while rendering on the server; the target changes no markup, so hydration still matches.
  const language = pageLanguage(pageContext);
  useDelayedRedirect(loadHandOverTarget(pageContext.routed, language), REDIRECT_DELAY_MS);
  const applink = pageContext.routed ? localizedPath(ROUTES.applink, language) : ROUTES.applink;
  return (
    <LoadingNotice
      text={pageContext.loading}
      heading={pageContext.meta.title}
      handOver={{ href: applink, text: pageContext.handOver }}
      share={shareLink(pageContext, language)}
    />
  );
}

/** "Share in Telegram" with the page's canonical URL (the bare alias shares its /uz twin). */
function shareLink({ share, loadId }: LoadPageContext, language: Language) {
  if (!share) return undefined;
  const url = canonicalUrl(siteUrl(), loadPath(loadId), language);
  return { href: telegramShareUrl(url, share.text), text: share.label, newTab: share.newTab };
}

// Gatsby's server would render the Head to a string and parse it back, most of a load page's render
// at tens of thousands of pages: there the site writes the same tags from LoadHead (src/gatsby/ssr.tsx),
// so only the browser, which renders the Head after hydration and on a navigation, gets it from Gatsby.
export const Head = typeof window === 'undefined' ? undefined : LoadHead;
