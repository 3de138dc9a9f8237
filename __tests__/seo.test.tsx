/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGUAGES } from '../src/config/languages';
import { Seo } from '../src/components/seo';
import { serializeJsonLd } from '../src/i18n/json-ld';

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
    renderHead(
      <Seo language={language} path="/loads" title="Yuklar" description="Desc" keywords="a, b" jsonLd={{ name: 'x' }} />,
    );

  it('sets the document language, title, description and keywords', () => {
    const markup = renderToStaticMarkup(<Seo language={language} path="/loads" title="Yuklar" description="Desc" />);
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

  it('marks hand-off pages noindex', () => {
    const doc = renderHead(<Seo language={language} path="/auth" title="t" description="d" noindex />);
    expect(doc.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, follow');
  });
});

describe('JSON-LD', () => {
  const hostile = { name: '</script><script>alert(1)</script>', note: 'a & b <!-- c -->', line: '\u2028' };

  it('cannot close its script element, whatever the data', () => {
    const html = renderToStaticMarkup(
      <Seo language={LANGUAGES[0]} path="/" title="t" description="d" jsonLd={hostile} />,
    );
    const script = html.slice(html.indexOf('<script type="application/ld+json">'));
    expect(script.match(/<\/script>/gi)).toHaveLength(1);
    expect(script).not.toContain('<!--');
  });

  it('parses back to the same data', () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });
});
