import React from 'react';
import type { HeadProps } from 'gatsby';
import type { TFunction } from 'i18next';
import { siteUrl } from '../config/env';
import type { Language } from '../config/languages';
import { headTranslator, type LocaleData, type PageContext, pageLanguage } from '../i18n/runtime';
import { type HeadTag, headTags, type JsonLd, type PageDescription, type PageFacts } from './head-tags';
import { shareImageAlt } from './share-image';

function Tag({ tag }: { tag: HeadTag }) {
  if (tag.tag === 'meta') {
    return 'name' in tag ? <meta name={tag.name} content={tag.content} /> : <meta property={tag.property} content={tag.content} />;
  }
  if ('type' in tag) return <link rel={tag.rel} type={tag.type} title={tag.title} href={tag.href} />;
  if ('hrefLang' in tag) return <link rel={tag.rel} hrefLang={tag.hrefLang} href={tag.href} />;
  return <link rel={tag.rel} href={tag.href} />;
}

function tagKey(tag: HeadTag): string {
  if (tag.tag === 'meta') return 'name' in tag ? `name:${tag.name}` : `property:${tag.property}`;
  return 'hrefLang' in tag ? `${tag.rel}:${tag.hrefLang}` : 'type' in tag ? `${tag.rel}:${tag.type}` : tag.rel;
}

/** A page's whole head for Gatsby's Head API, from its description; `children` go last. */
export function PageHead({ page, children }: { page: PageDescription; children?: React.ReactNode }) {
  const head = headTags(page, siteUrl());
  return (
    <>
      <html lang={head.htmlLang} />
      <title>{head.title}</title>
      {head.tags.map((tag) => (
        <Tag key={tagKey(tag)} tag={tag} />
      ))}
      {head.jsonLd === null ? null : <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />}
      {children}
    </>
  );
}

/** What a template's description of its page is given: its texts, language, context and the site's origin. */
export interface HeadInput<Context> {
  t: TFunction;
  language: Language;
  pageContext: Context;
  origin: string;
}

/**
 * The Head of a template whose page query returns locale data: the template says what its page is
 * (`describe`), this makes the head. `extra` is rendered after it (the 404 page's fallback marker).
 */
export function definePageHead<Context extends PageContext>(describe: (input: HeadInput<Context>) => PageFacts, extra?: React.ReactNode) {
  return function Head({ data, pageContext }: HeadProps<LocaleData, Context>) {
    const t = headTranslator(data, pageContext);
    const language = pageLanguage(pageContext);
    const facts = describe({ t, language, pageContext, origin: siteUrl() });
    return <PageHead page={{ ...facts, language, imageAlt: shareImageAlt(t) }}>{extra}</PageHead>;
  };
}

export interface ContentPageHead {
  /** Namespace holding `seo.title`, `seo.description` and `seo.keywords`. */
  ns: string;
  /** The page's unprefixed path. */
  path: string;
  kind?: 'page' | 'handoff';
  /** Structured data built from the page's translations. */
  jsonLd?: (input: HeadInput<PageContext>) => JsonLd;
}

/** The Head of a page whose head texts live in its namespace under `seo`. */
export function contentPageHead({ ns, path, kind = 'page', jsonLd }: ContentPageHead) {
  return definePageHead<PageContext>((input) => ({
    kind,
    path,
    title: input.t(`${ns}:seo.title`),
    description: input.t(`${ns}:seo.description`),
    keywords: input.t(`${ns}:seo.keywords`),
    jsonLd: jsonLd?.(input),
  }));
}
