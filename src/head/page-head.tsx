import React from 'react';
import { site } from '../config/site';
import { SHARE_IMAGE } from '../config/constants';
import { siteUrl } from '../config/env';
import type { Language } from '../config/languages';
import { absoluteUrl, alternateLinks, canonicalUrl } from '../i18n/paths';
import { fullTitle, PAGE_KINDS, type PageDescription, wordTags } from './head-tags';
import { serializeJsonLd } from './json-ld';

/** Canonical (a bare alias's is its `/uz` twin), the alternates of every language, and og:url. */
function AddressTags({ origin, path, language }: { origin: string; path: string; language: Language }) {
  const canonical = canonicalUrl(origin, path, language);
  return (
    <>
      <link rel="canonical" href={canonical} />
      {alternateLinks(origin, path).map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
      <meta property="og:url" content={canonical} />
    </>
  );
}

/**
 * A page's whole head for Gatsby's Head API, from its description; `children` go last. Apart from the
 * Head makers in define-head.tsx, which bring the translator: the load pages' chunk needs none.
 */
export function PageHead({ page, children }: { page: PageDescription; children?: React.ReactNode }) {
  const origin = siteUrl();
  const kind = PAGE_KINDS[page.kind];
  const imageUrl = absoluteUrl(origin, SHARE_IMAGE.path);
  return (
    <>
      <html lang={page.language.htmlLang} />
      <title>{fullTitle(page.title)}</title>
      {wordTags(page.title, page.description, page.keywords).map(([attribute, key, content]) => (
        <meta key={key} {...{ [attribute]: key }} content={content} />
      ))}
      <meta name="robots" content={kind.robots} />
      {/* The 404 page answers every unknown path, in no language: it has no address of its own. */}
      {page.kind === 'not-found' ? null : <AddressTags origin={origin} path={page.path} language={page.language} />}
      {page.feed ? (
        <link rel="alternate" type="application/atom+xml" title={page.feed.title} href={absoluteUrl(origin, page.feed.href)} />
      ) : null}
      <meta name="geo.region" content="UZ" />
      <meta name="geo.placename" content="Uzbekistan" />
      <meta name="geo.position" content={`${site.geo.position.lat};${site.geo.position.lon}`} />
      <meta name="ICBM" content={`${site.geo.position.lat}, ${site.geo.position.lon}`} />
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:type" content={kind.ogType} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta property="og:image:alt" content={page.imageAlt} />
      <meta property="og:locale" content={page.language.ogLocale} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={page.imageAlt} />
      <meta name="theme-color" content="#0b5cff" />
      {page.jsonLd === undefined ? null : (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(page.jsonLd) }} />
      )}
      {children}
    </>
  );
}
