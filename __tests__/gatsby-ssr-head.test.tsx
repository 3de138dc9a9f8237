/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * A load or city page's head tags, written by the site on the server (src/gatsby/ssr-head.ts), are the bytes
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
import path from 'node:path';
import { PlaceLoadsHead } from '../src/head/place-loads-head';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import { PLACE_LOADS_CHUNK, serverHeadElement } from '../src/gatsby/ssr';
import { PLACE_LOADS_TEMPLATE } from '../src/gatsby/page-table';
import { languageByPrefix, type Language } from '../src/config/languages';
import { localeData } from './support/render-page';

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

describe("a city or route page's head on the server", () => {
  const created = '2026-11-20T06:00:00Z';
  const placeLoads = [
    ...loads,
    {
      id: '43',
      title: '<img src=x onerror=alert(1)> "Un"',
      fromLocation: { name: 'Samarqand' },
      toLocation: { name: 'Ташкент' },
      createdAt: created,
    },
    { id: '44', title: 'Sement', fromLocation: { name: 'Toshkent' }, toLocation: { name: 'Samarqand' }, createdAt: created, price: 900 },
  ].map((raw) => normalizeLoad(raw));

  function placeContexts(): PlaceLoadsPageContext[] {
    const made: PlaceLoadsPageContext[] = [];
    const createPage = ((page: { context: PlaceLoadsPageContext }) => made.push(page.context)) as unknown as Actions['createPage'];
    createPlacePages(groupBuildLoads(placeLoads), Date.parse(created), createPage);
    return made;
  }

  function placeHead(context: PlaceLoadsPageContext): React.ReactElement {
    const language = languageByPrefix(context.language) as Language;
    const props = { data: localeData(language, ['common', 'loads', 'places']), pageContext: context } as unknown as Parameters<
      typeof PlaceLoadsHead
    >[0];
    return <PlaceLoadsHead {...props} />;
  }

  it("writes Gatsby's bytes for every page in every language", () => {
    const contexts = placeContexts();
    expect(new Set(contexts.map((context) => context.kind))).toEqual(new Set(['from', 'to', 'route']));
    for (const context of contexts) {
      const expected = gatsbyHead(placeHead(context));
      const head = serverHead(placeHead(context));
      expect(renderToStaticMarkup(<>{head.components}</>)).toBe(expected.markup);
      expect(head.htmlAttributes).toEqual(expected.html);
      expect(expected.markup).toContain('application/atom+xml');
    }
  });

  it('is the Head the server writes for a page of the city and route template, named as Gatsby names its chunk', () => {
    const [context] = placeContexts();
    const data = localeData(languageByPrefix(context?.language) as Language, ['common', 'loads', 'places']);
    const element = serverHeadElement({ componentChunkName: PLACE_LOADS_CHUNK, result: { data, pageContext: context as never } });
    expect(element?.type).toBe(PlaceLoadsHead);
    expect(
      serverHeadElement({ componentChunkName: 'component---src-templates-home-tsx', result: { data, pageContext: context as never } }),
    ).toBeNull();
    // gatsby/dist/utils/js-chunk-names.js: the template's path from the site's folder, kebab-cased.
    expect(`component---${path.relative(process.cwd(), PLACE_LOADS_TEMPLATE).replace(/[/.]/g, '-')}`).toBe(PLACE_LOADS_CHUNK);
  });
});
