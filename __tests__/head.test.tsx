/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * The page head as the templates describe it: what each kind of page says to crawlers, where its
 * canonical and alternates point in each language and from a bare alias, and the one ItemList entry
 * the board and the place pages share.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Actions, HeadProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { LANGUAGES, type Language } from '../src/config/languages';
import { ROUTES } from '../src/config/routes';
import { createLoadPages } from '../src/gatsby/load-pages';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { PageHead } from '../src/head/page-head';
import { applyLiveHead } from '../src/head/live-head';
import { pageVariants } from '../src/i18n/plugin';
import type { LocaleData, PageContext } from '../src/i18n/runtime';
import type { LoadPageContext } from '../src/loads/page-context';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import { placeNamesFor } from '../src/places/names';
import { Head as ApplinkHead } from '../src/templates/applink';
import { Head as AuthHead } from '../src/templates/auth';
import { Head as FeaturesHead } from '../src/templates/features';
import { LoadHead } from '../src/head/load-head';
import { Head as HomeHead } from '../src/templates/home';
import { Head as LoadsHead } from '../src/templates/loads';
import { Head as NotFoundHead } from '../src/templates/not-found';
import { PlaceLoadsHead } from '../src/head/place-loads-head';
import { Head as PlacesHead } from '../src/templates/places';
import { localeData } from './support/render-page';
import { boardJsonLd } from '../src/gatsby/board-json-ld';

const ORIGIN = 'https://yukbor.example';
const [uz, cyrl, ru] = LANGUAGES;

const previousSiteUrl = process.env.GATSBY_SITE_URL;
beforeAll(() => {
  process.env.GATSBY_SITE_URL = `${ORIGIN}/`;
});
afterAll(() => {
  process.env.GATSBY_SITE_URL = previousSiteUrl;
});

type AnyHead<Context> = (props: HeadProps<LocaleData, Context>) => React.ReactElement;

/** Renders a template's Head as Gatsby does: the page query's locale data and the page's context. */
function head<Context>(Head: AnyHead<Context>, context: Context, namespaces: readonly string[], language: Language): Document {
  const props = { data: localeData(language, namespaces), pageContext: context } as unknown as HeadProps<LocaleData, Context>;
  const html = renderToStaticMarkup(<Head {...props} />);
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head></html>`, 'text/html');
}

function variant(path: string, language: Language, bare = false): PageContext {
  const found = pageVariants(path).find((v) => v.language.code === language.code && v.bare === bare);
  if (!found) throw new Error(`no variant of ${path}`);
  return found.context;
}

const canonical = (doc: Document) => doc.querySelector('link[rel=canonical]')?.getAttribute('href');
const robots = (doc: Document) => doc.querySelector('meta[name=robots]')?.getAttribute('content');
const hreflangs = (doc: Document) =>
  [...doc.querySelectorAll('link[rel=alternate][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]);
const jsonLd = (doc: Document) =>
  JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null') as Record<string, unknown>;

describe('canonical and alternates', () => {
  it.each(LANGUAGES.map((l) => [l.code, l] as const))('point a %s page at its prefixed URL and list every language', (_code, language) => {
    const doc = head(FeaturesHead, variant(ROUTES.features, language), ['common', 'features'], language);
    expect(canonical(doc)).toBe(`${ORIGIN}/${language.prefix}/features`);
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(canonical(doc));
    expect(hreflangs(doc)).toEqual([
      ['uz', `${ORIGIN}/uz/features`],
      ['uz-Cyrl', `${ORIGIN}/uz-cyrl/features`],
      ['ru', `${ORIGIN}/ru/features`],
      ['x-default', `${ORIGIN}/features`],
    ]);
    expect(doc.documentElement.getAttribute('lang')).toBe(language.htmlLang);
  });

  it('point a bare alias at its /uz twin, not at itself, and keep the bare path as x-default', () => {
    const doc = head(HomeHead, variant(ROUTES.home, uz, true), ['common', 'home'], uz);
    expect(canonical(doc)).toBe(`${ORIGIN}/uz`);
    expect(hreflangs(doc)).toContainEqual(['x-default', `${ORIGIN}/`]);
    expect(doc.documentElement.getAttribute('lang')).toBe('uz');
  });
});

describe('robots', () => {
  it('lets crawlers index the content pages and follow the hand-off pages without indexing them', () => {
    expect(robots(head(HomeHead, variant(ROUTES.home, ru), ['common', 'home'], ru))).toBe('index, follow');
    expect(robots(head(FeaturesHead, variant(ROUTES.features, ru), ['common', 'features'], ru))).toBe('index, follow');
    expect(robots(head(ApplinkHead, variant(ROUTES.applink, ru), ['common', 'applink'], ru))).toBe('noindex, follow');
    expect(robots(head(AuthHead, variant(ROUTES.auth, cyrl), ['common', 'auth'], cyrl))).toBe('noindex, follow');
  });

  it('indexes a load page as an article', () => {
    const pages: LoadPageContext[] = [];
    createLoadPages([normalizeLoad({ id: '5', title: 'Un', fromLocation: { name: 'Buxoro' } })], (page) => {
      pages.push(page.context as unknown as LoadPageContext);
    });
    const context = pages.find((page) => page.language === 'ru' && page.routed);
    if (!context) throw new Error('no ru load page');
    const doc = head(LoadHead as AnyHead<LoadPageContext>, context, [], ru);
    expect(robots(doc)).toBe('index, follow');
    expect(doc.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(canonical(doc)).toBe(`${ORIGIN}/ru/load/5`);
    expect(jsonLd(doc)).toMatchObject({ '@type': 'Service', url: `${ORIGIN}/ru/load/5` });
  });
});

describe('the 404 page', () => {
  it.each(LANGUAGES.map((l) => [l.code, l] as const))(
    'in %s has no address of its own: noindex, no canonical, alternates or og:url, and keeps its fallback marker',
    (_code, language) => {
      const doc = head(NotFoundHead, variant('/404', language), ['common', 'load'], language);
      expect(robots(doc)).toBe('noindex, follow');
      expect(doc.querySelectorAll('link[rel=canonical], link[rel=alternate], meta[property="og:url"]')).toHaveLength(0);
      expect(doc.documentElement.getAttribute('lang')).toBe(language.htmlLang);
      expect(doc.querySelector('title')?.textContent).toBe('Oops! Page not found | YukBor');
      const scripts = [...doc.querySelectorAll('script')];
      expect(scripts).toHaveLength(1);
      expect(scripts[0]?.getAttribute('type')).toBeNull();
    },
  );
});

describe('the feed link', () => {
  const page = { kind: 'page', path: '/loads', language: ru, title: 'Грузы', description: 'd', imageAlt: 'Card' } as const;
  const render = (element: React.ReactElement) =>
    new DOMParser().parseFromString(`<!doctype html><head>${renderToStaticMarkup(element)}</head>`, 'text/html');

  it('announces an Atom feed when the page has one, beside the language alternates', () => {
    const doc = render(<PageHead page={{ ...page, feed: { href: `/feeds/ru/loads.atom`, title: 'Грузы — лента' } }} />);
    const feeds = [...doc.querySelectorAll('link[rel=alternate][type="application/atom+xml"]')];
    expect(feeds.map((link) => [link.getAttribute('title'), link.getAttribute('href')])).toEqual([
      ['Грузы — лента', `${ORIGIN}/feeds/ru/loads.atom`],
    ]);
    expect(feeds[0]?.hasAttribute('hreflang')).toBe(false);
    expect(hreflangs(doc)).toHaveLength(4);
  });

  it('announces none otherwise', () => {
    expect(render(<PageHead page={page} />).querySelectorAll('link[type="application/atom+xml"]')).toHaveLength(0);
  });
});

describe("a load's ItemList entry", () => {
  const created = '2026-11-20T06:00:00Z';
  // From a place the gazetteer knows to none at all, without a title: both fall back to words.
  const load = normalizeLoad({ id: '7', title: '', fromLocation: { name: 'Toshkent' }, createdAt: created });
  const other = normalizeLoad({
    id: '8',
    title: 'Sement',
    fromLocation: { name: 'Ташкент' },
    toLocation: { name: 'Samarqand' },
    createdAt: created,
  });

  function boardEntries(language: Language) {
    const initial = [load, other];
    const placeNames = placeNamesFor(initial, language.code);
    const context = {
      ...variant(ROUTES.loads, language),
      initial: { loads: initial, total: initial.length, page: 1, limit: 20 },
      builtAt: Date.parse(created),
      placeNames,
      // As create-pages.ts makes it for the board's context.
      jsonLd: boardJsonLd(initial, placeNames, language),
    };
    return jsonLd(head(LoadsHead, context, ['common', 'loads'], language)).itemListElement as { url: string; name: string }[];
  }

  function placePageEntries(path: string, language: Language) {
    const made = new Map<string, PlaceLoadsPageContext>();
    const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
      made.set(page.path, page.context)) as unknown as Actions['createPage'];
    createPlacePages(groupBuildLoads([load, other]), Date.parse(created), createPage);
    const context = made.get(path);
    if (!context) throw new Error(`no page ${path}`);
    return jsonLd(head(PlaceLoadsHead, context, ['common', 'loads', 'places'], language)).itemListElement as {
      url: string;
      name: string;
    }[];
  }

  it.each([
    [uz.code, uz, '/uz/loads/from/toshkent', 'Yuk: Toshkent → Nomaʼlum joy'],
    [cyrl.code, cyrl, '/uz-cyrl/loads/from/toshkent', 'Юк: Тошкент → Номаълум жой'],
    [ru.code, ru, '/ru/loads/from/toshkent', 'Груз: Ташкент → Место не указано'],
  ] as const)('is the same on the board and on a place page, named as the card in %s', (_code, language, placePath, name) => {
    const onBoard = boardEntries(language).find((entry) => entry.url.endsWith('/load/7'));
    const onPlacePage = placePageEntries(placePath, language).find((entry) => entry.url.endsWith('/load/7'));
    expect(onBoard).toEqual({ '@type': 'ListItem', position: 1, url: `${ORIGIN}/${language.prefix}/load/7`, name });
    expect(onPlacePage).toEqual({ ...onBoard, position: expect.any(Number) });
  });

  it('never names a place "?"', () => {
    for (const language of LANGUAGES) for (const entry of boardEntries(language)) expect(entry.name).not.toMatch(/\?/);
  });

  it('lists the directory places under their own pages', () => {
    const context = {
      ...variant(ROUTES.places, ru),
      places: [{ slug: 'toshkent', names: { uz: 'Toshkent', 'uz-Cyrl': 'Тошкент', ru: 'Ташкент' }, outgoing: 0, incoming: 3 }],
      routes: [],
      builtAt: 0,
    };
    const list = jsonLd(head(PlacesHead, context, ['common', 'places'], ru));
    expect(list.itemListElement).toEqual([{ '@type': 'ListItem', position: 1, url: `${ORIGIN}/ru/loads/to/toshkent`, name: 'Ташкент' }]);
  });
});

describe('the live head of a load found after the build', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<title>Oops! Page not found | YukBor</title><meta name="description" content="404"><meta name="robots" content="noindex, follow">';
  });

  it('rewrites the words of the head as a pre-built load page has them and adds its JSON-LD as text', () => {
    const data = { '@type': 'Service', name: '</script><script>alert(1)</script>' };
    applyLiveHead(document, { title: 'Sement: Toshkent → Samarqand', description: 'Yoʻnalish', keywords: 'yuk', jsonLd: data });
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(document.title).toBe('Sement: Toshkent → Samarqand | YukBor');
    expect(content('meta[name=description]')).toBe('Yoʻnalish');
    expect(document.head.querySelectorAll('meta[name=description]')).toHaveLength(1);
    expect(content('meta[name=keywords]')).toBe('yuk');
    expect(content('meta[property="og:title"]')).toBe(document.title);
    expect(content('meta[name="twitter:description"]')).toBe('Yoʻnalish');
    expect(content('meta[name=robots]')).toBe('noindex, follow');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toEqual(data);
  });
  it("marks what it adds as Gatsby's, so the router's next page removes it (the hand-over to /applink)", () => {
    applyLiveHead(document, {
      title: 'Sement: Toshkent → Samarqand',
      description: 'Yoʻnalish',
      keywords: 'yuk',
      jsonLd: { '@type': 'Service' },
    });
    const added = [...document.head.querySelectorAll('meta[name=keywords], meta[property="og:title"], script')];
    expect(added.length).toBeGreaterThanOrEqual(3);
    for (const element of added) expect(element.getAttribute('data-gatsby-head')).toBe('true');
  });
});
