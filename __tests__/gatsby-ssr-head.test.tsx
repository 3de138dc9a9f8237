/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * A load page's head tags, written by the site on the server (src/gatsby/ssr-head.ts), are the bytes
 * Gatsby's Head API writes for the template's Head: Gatsby 5.16 renders the Head to a string, parses it
 * back with node-html-parser and makes one element of each tag with its mark (cache-dir/head/
 * head-export-handler-for-ssr.js, `getValidHeadNodesAndAttributesSSR`), as `gatsbyHead` below does.
 */
import React from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { parse, type HTMLElement } from 'node-html-parser';
import type { Actions } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { createLoadPages } from '../src/gatsby/load-pages';
import { serverHead } from '../src/gatsby/ssr-head';
import type { LoadPageContext } from '../src/loads/page-context';
import { LoadHead } from '../src/head/load-head';

const ELEMENT_NODE = 1;

/** The head tags and `<html>` attributes as Gatsby's server makes them from a Head element. */
function gatsbyHead(element: React.ReactElement): { html: Record<string, unknown>; markup: string } {
  const root = parse(renderToString(element));
  let html: Record<string, unknown> = {};
  const tags: React.ReactElement[] = [];
  for (const node of root.childNodes) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = node as HTMLElement;
    const name = tag.rawTagName;
    if (name === 'html') {
      html = { ...tag.attributes };
      continue;
    }
    const attributes = { ...tag.attributes, key: tags.length, 'data-gatsby-head': true };
    if (name === 'script' || name === 'style')
      tags.push(React.createElement(name, { ...attributes, dangerouslySetInnerHTML: { __html: tag.text } }));
    else
      tags.push(
        tag.textContent.length > 0 ? React.createElement(name, attributes, tag.textContent) : React.createElement(name, attributes),
      );
  }
  return { html, markup: renderToStaticMarkup(<>{tags}</>) };
}

function contextsOf(raw: Record<string, unknown>): LoadPageContext[] {
  const contexts: LoadPageContext[] = [];
  createLoadPages([normalizeLoad(raw)], ((page: { context: unknown }) => {
    contexts.push(page.context as LoadPageContext);
  }) as unknown as Actions['createPage']);
  return contexts;
}

const loads: Record<string, unknown>[] = [
  {
    id: '41',
    title: `Plitka & "sement" <b>'yuk'</b></script>`,
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand & <atrofi>' },
    price: 1_500_000,
    currency: 'UZS',
    weight: 12,
    vehicleType: 'Tent',
    loadingDate: '2026-12-05',
    contact: { name: 'Ali "Vali"', phone: '+998901234567', telegram: '@ali_v' },
  },
  { id: '42', title: '', fromLocation: { name: 'Ташкент' } },
];

describe("a load page's head on the server", () => {
  it.each(loads.map((raw) => [raw.id as string, raw] as const))("writes Gatsby's bytes for load %s in every language", (_id, raw) => {
    const contexts = contextsOf(raw);
    expect(contexts).toHaveLength(4);
    for (const context of contexts) {
      const element = <LoadHead pageContext={context} />;
      const expected = gatsbyHead(element);
      const head = serverHead(element);
      expect(renderToStaticMarkup(<>{head.components}</>)).toBe(expected.markup);
      expect(head.htmlAttributes).toEqual(expected.html);
      expect(expected.markup).toContain('application/ld+json');
    }
  });

  it('refuses what it cannot call as React would', () => {
    function WithState() {
      const [value] = React.useState('x');
      return <meta name="x" content={value} />;
    }
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => serverHead(<WithState />)).toThrow();
    quiet.mockRestore();
  });
});
