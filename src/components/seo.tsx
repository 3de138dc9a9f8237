import React from 'react';
import { site } from '../config/site';
import { SHARE_IMAGE } from '../config/constants';
import { siteUrl } from '../config/env';
import type { Language } from '../config/languages';
import { absoluteUrl, alternateLinks, canonicalUrl } from '../i18n/paths';
import { serializeJsonLd } from '../i18n/json-ld';

export interface SeoProps {
  language: Language;
  /**
   * The page's unprefixed path (`/loads`), from which canonical and alternates are derived; null for
   * the 404 page, which has neither: its address is whatever was asked for, in no language.
   */
  path: string | null;
  title: string;
  description: string;
  keywords?: string;
  /** What the share card shows, in the page's language (`common:shareImage.alt`). */
  imageAlt: string;
  noindex?: boolean;
  ogType?: 'website' | 'article';
  jsonLd?: unknown;
  /** The page's Atom feed (CONTRACT.md, Routes): `href` is the feed's path, `title` its title. */
  feed?: { href: string; title: string };
  children?: React.ReactNode;
}

/** Page metadata for Gatsby's Head API: one component, used by every page. */
export function Seo({
  language,
  path,
  title,
  description,
  keywords,
  imageAlt,
  noindex = false,
  ogType = 'website',
  jsonLd,
  feed,
  children,
}: SeoProps) {
  const base = siteUrl();
  const canonical = path === null ? null : canonicalUrl(base, path, language);
  const imageUrl = absoluteUrl(base, SHARE_IMAGE.path);
  const fullTitle = title.includes(site.brand) ? title : `${title} | ${site.brand}`;
  return (
    <>
      <html lang={language.htmlLang} />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords ? <meta name="keywords" content={keywords} /> : null}
      <meta name="robots" content={noindex ? 'noindex, follow' : 'index, follow'} />
      {canonical === null ? null : <link rel="canonical" href={canonical} />}
      {path === null
        ? null
        : alternateLinks(base, path).map((alternate) => (
            <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
          ))}
      {feed ? <link rel="alternate" type="application/atom+xml" title={feed.title} href={absoluteUrl(base, feed.href)} /> : null}
      <meta name="geo.region" content="UZ" />
      <meta name="geo.placename" content="Uzbekistan" />
      <meta name="geo.position" content={`${site.geo.position.lat};${site.geo.position.lon}`} />
      <meta name="ICBM" content={`${site.geo.position.lat}, ${site.geo.position.lon}`} />
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:type" content={ogType} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {canonical === null ? null : <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta property="og:locale" content={language.ogLocale} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={imageAlt} />
      <meta name="theme-color" content="#0b5cff" />
      {jsonLd === undefined ? null : <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} />}
      {children}
    </>
  );
}
