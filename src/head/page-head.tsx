import React from 'react';
import { siteUrl } from '../config/env';
import { type HeadTag, headTags, type PageDescription } from './head-tags';

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

/**
 * A page's whole head for Gatsby's Head API, from its description; `children` go last. Apart from the
 * Head makers in define-head.tsx, which bring the translator: the load pages' chunk needs none.
 */
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
