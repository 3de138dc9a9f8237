/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGUAGES } from '../src/config/languages';
import { PageHead } from '../src/head/page-head';
import type { PageDescription } from '../src/head/head-tags';
import { serializeJsonLd } from '../src/head/json-ld';
import { SHARE_IMAGE } from '../src/config/constants';
import { shareImageAlt } from '../src/head/share-image';
import { createTranslator } from '../src/i18n/translator';
import { readBundles } from './support/render-page';
import fs from 'node:fs';
import path from 'node:path';

type Language = (typeof LANGUAGES)[number];

/** A page of the board's kind, with what a test changes. */
function board(
  language: Language,
  extra: Partial<Pick<PageDescription, 'title' | 'description' | 'keywords' | 'imageAlt' | 'jsonLd'>> = {},
): PageDescription {
  return { kind: 'page', path: '/loads', language, title: 't', description: 'd', imageAlt: 'Card', ...extra };
}

function renderHead(element: React.ReactElement): Document {
  return new DOMParser().parseFromString(`<!doctype html><head>${renderToStaticMarkup(element)}</head>`, 'text/html');
}

describe.each(LANGUAGES.map((l) => [l.code, l] as const))('page metadata in %s', (_code, language) => {
  const previous = process.env.GATSBY_SITE_URL;
  beforeAll(() => {
    process.env.GATSBY_SITE_URL = 'https://yukbor.example/';
  });
  afterAll(() => {
    process.env.GATSBY_SITE_URL = previous;
  });

  const head = () =>
    renderHead(<PageHead page={board(language, { title: 'Yuklar', description: 'Desc', keywords: 'a, b', jsonLd: { name: 'x' } })} />);

  it('sets the document language, title, description and keywords', () => {
    const markup = renderToStaticMarkup(<PageHead page={board(language, { title: 'Yuklar', description: 'Desc' })} />);
    expect(markup).toContain(`<html lang="${language.htmlLang}"`);
    const doc = head();
    expect(doc.querySelector('title')?.textContent).toBe('Yuklar | YukBor');
    expect(doc.querySelector('meta[name=description]')?.getAttribute('content')).toBe('Desc');
    expect(doc.querySelector('meta[name=keywords]')?.getAttribute('content')).toBe('a, b');
    expect(doc.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('index, follow');
  });

  it('links the canonical prefixed URL and every language plus x-default, absolute on SITE_URL', () => {
    const doc = head();
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`https://yukbor.example/${language.prefix}/loads`);
    const alternates = [...doc.querySelectorAll('link[rel=alternate]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
    expect(alternates).toEqual([
      ['uz', 'https://yukbor.example/uz/loads'],
      ['uz-Cyrl', 'https://yukbor.example/uz-cyrl/loads'],
      ['ru', 'https://yukbor.example/ru/loads'],
      ['x-default', 'https://yukbor.example/loads'],
    ]);
  });

  it('carries Uzbekistan geo metadata and an absolute share image', () => {
    const doc = head();
    expect(doc.querySelector('meta[name="geo.region"]')?.getAttribute('content')).toBe('UZ');
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe('https://yukbor.example/share-card.png');
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe(language.ogLocale);
  });

  it("states the share card's size and says in the page's language what it shows", () => {
    const alt = shareImageAlt(createTranslator(language.prefix, readBundles(language, ['common']), 'common'));
    const doc = renderHead(<PageHead page={board(language, { imageAlt: alt })} />);
    const meta = (property: string) => doc.querySelector(`meta[property="${property}"]`)?.getAttribute('content');
    expect(meta('og:image:width')).toBe(String(SHARE_IMAGE.width));
    expect(meta('og:image:height')).toBe(String(SHARE_IMAGE.height));
    expect(meta('og:image:alt')).toBe(alt);
    expect(alt).toMatch(/^YukBor: /);
    expect(alt).toContain({ uz: 'haydovchilar', 'uz-Cyrl': 'ҳайдовчилар', ru: 'водители' }[language.code]);
  });

  it('gives the 404 page no canonical, no alternates and no og:url: it has no address of its own', () => {
    const doc = renderHead(<PageHead page={{ kind: 'not-found', language, title: 't', description: 'd', imageAlt: 'Card' }} />);
    expect(doc.querySelector('link[rel=canonical]')).toBeNull();
    expect(doc.querySelectorAll('link[rel=alternate]')).toHaveLength(0);
    expect(doc.querySelector('meta[property="og:url"]')).toBeNull();
    expect(doc.querySelector('meta[property="og:image"]')).not.toBeNull();
  });

  it('marks hand-off pages noindex', () => {
    const doc = renderHead(
      <PageHead page={{ kind: 'handoff', path: '/auth', language, title: 't', description: 'd', imageAlt: 'Card' }} />,
    );
    expect(doc.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, follow');
  });
});

describe('the share card', () => {
  it('is as large as the previews say (read from the PNG header)', () => {
    const png = fs.readFileSync(path.join(__dirname, '..', 'static', SHARE_IMAGE.path));
    // A PNG starts with its 8-byte signature and the IHDR chunk: length, type, then width and height.
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height });
  });
});

describe('JSON-LD', () => {
  const hostile = { name: '</script><script>alert(1)</script>', note: 'a & b <!-- c -->', line: '\u2028' };

  it('cannot close its script element, whatever the data', () => {
    const html = renderToStaticMarkup(<PageHead page={board(LANGUAGES[0], { jsonLd: hostile })} />);
    const script = html.slice(html.indexOf('<script type="application/ld+json">'));
    expect(script.match(/<\/script>/gi)).toHaveLength(1);
    expect(script).not.toContain('<!--');
  });

  it('parses back to the same data', () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });
});
