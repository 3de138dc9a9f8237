import React from 'react';
import type { HeadProps } from 'gatsby';
import type { TFunction } from 'i18next';
import { siteUrl } from '../config/env';
import type { Language } from '../config/languages';
import { headTranslator, type LocaleData, type PageContext, pageLanguage } from '../i18n/runtime';
import type { JsonLd, PageFacts } from './head-tags';
import { PageHead } from './page-head';
import { shareImageAlt } from './share-image';

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
