/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
import React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Actions, HeadProps, PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { LANGUAGES } from '../src/config/languages';
import { siteUrl } from '../src/config/env';
import { formatPrice } from '../src/loads/format';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import type { LocaleData } from '../src/i18n/runtime';
import PlaceLoadsPage from '../src/templates/place-loads';
import { PlaceLoadsHead as Head } from '../src/head/place-loads-head';
import LoadPage from '../src/templates/load';
import { createLoadPages } from '../src/gatsby/load-pages';
import type { LoadPageContext } from '../src/loads/page-context';
import { localeData, renderInLanguage } from './support/render-page';

const [uz, uzCyrl, ru] = LANGUAGES;
const created = '2026-11-20T06:00:00Z';
const loads = [
  normalizeLoad({
    id: '1',
    title: 'Sement',
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand' },
    weight: 20,
    vehicleType: { name: 'Tent' },
    price: 1500000,
    currency: 'UZS',
    createdAt: created,
  }),
  normalizeLoad({ id: '2', title: '<b>Un</b>&', fromLocationName: 'Тошкент', toLocationName: 'Samarqand', createdAt: created }),
];

function context(path: string): PlaceLoadsPageContext {
  const made = new Map<string, PlaceLoadsPageContext>();
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
    made.set(page.path, page.context)) as unknown as Actions['createPage'];
  createPlacePages(groupBuildLoads(loads), Date.parse('2026-11-20T08:30:00Z'), createPage);
  const found = made.get(path);
  if (!found) throw new Error(`no page ${path}`);
  return found;
}

function renderPage(path: string, language: (typeof LANGUAGES)[number]) {
  const pageContext = context(path);
  const props = { pageContext, location: { pathname: path, search: '' } } as unknown as PageProps<LocaleData, PlaceLoadsPageContext>;
  return renderInLanguage(<PlaceLoadsPage {...props} />, language, pageContext.pagePath, ['common', 'loads', 'places']);
}

afterEach(() => {
  delete (navigator as { share?: unknown }).share;
});

describe('a route page', () => {
  it('announces its Atom feed in the head, in its language', () => {
    for (const [path, language, title] of [
      ['/ru/loads/route/toshkent/samarqand', ru, 'Грузы: Ташкент → Самарканд | YukBor'],
      ['/uz-cyrl/loads/from/toshkent', uzCyrl, 'Юклар: Тошкент → барча йўналишлар | YukBor'],
    ] as const) {
      const props = { data: localeData(language, ['common', 'loads', 'places']), pageContext: context(path) } as unknown as HeadProps<
        LocaleData,
        PlaceLoadsPageContext
      >;
      const doc = new DOMParser().parseFromString(`<!doctype html><head>${renderToStaticMarkup(<Head {...props} />)}</head>`, 'text/html');
      const links = doc.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]');
      expect(links).toHaveLength(1);
      const feedPath = path.replace(/^\/([a-z-]+)\/loads\/(.*)$/, '/feeds/$1/$2.atom');
      expect(links[0]?.getAttribute('href')).toBe(`${siteUrl()}${feedPath}`);
      expect(links[0]?.getAttribute('title')).toBe(title);
    }
  });

  it('links its feed visibly, with what it is for', () => {
    renderPage('/uz/loads/route/toshkent/samarqand', uz);
    const link = screen.getByRole('link', { name: 'Yangi yuklarga obuna (RSS)' });
    expect(link.getAttribute('href')).toBe('/feeds/uz/route/toshkent/samarqand.atom');
    expect(link.closest('p')?.textContent).toMatch(/^Yangi yuklarni RSS dasturi yoki Telegram uchun RSS-bot orqali kuzatib boring:/);
  });

  it('offers each card to Telegram with its canonical URL and one line in the page language, beside the card link', () => {
    const { container } = renderPage('/ru/loads/route/toshkent/samarqand', ru);
    const shares = screen.getAllByRole('link', { name: /^Поделиться в Telegram/ });
    expect(shares).toHaveLength(2);
    const first = new URL(shares.find((link) => link.getAttribute('href')?.includes('%2Fload%2F1'))!.getAttribute('href')!);
    expect(`${first.origin}${first.pathname}`).toBe('https://t.me/share/url');
    expect(first.searchParams.get('url')).toBe(`${siteUrl()}/ru/load/1`);
    // Weight and price as the cards format them (src/loads/format.ts has their own tests).
    const [title, weight, vehicle, price] = first.searchParams.get('text')!.split(', ');
    expect({ title, vehicle, price }).toEqual({
      title: 'Sement: Ташкент → Самарканд',
      vehicle: 'Тент',
      price: formatPrice(1500000, 'UZS'),
    });
    expect(weight).toMatch(/^20[ \u00a0]т$/);
    const hostile = new URL(shares.find((link) => link.getAttribute('href')?.includes('%2Fload%2F2'))!.getAttribute('href')!);
    expect(hostile.searchParams.get('text')).toBe('<b>Un</b>&: Ташкент → Самарканд');
    for (const share of shares) {
      expect(share.getAttribute('target')).toBe('_blank');
      expect(share.getAttribute('rel')).toBe('noopener');
      expect(share.textContent).toContain('(откроется в новой вкладке)');
    }
    expect(container.querySelector('a a, a button, button a')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  // Whether the button shows is CSS's (html[data-native-share]), which jsdom does not apply: the e2e
  // test in feeds.spec.ts sees it in Chromium. Here: the page marked and the click handled by one listener.
  it('marks the page only where the browser has navigator.share, and shares the clicked load with it', async () => {
    const { enableNativeShare } = await import('../src/components/native-share');
    enableNativeShare();
    expect(document.documentElement.hasAttribute('data-native-share')).toBe(false);
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    try {
      enableNativeShare();
      expect(document.documentElement.hasAttribute('data-native-share')).toBe(true);
      renderPage('/uz/loads/route/toshkent/samarqand', uz);
      const buttons = screen.getAllByRole('button', { name: 'Ulashish (Toshkent — Samarqand)' });
      expect(buttons).toHaveLength(2);
      const card = buttons[1]!.closest('li')!;
      fireEvent.click(
        within(card)
          .getByRole('button', { name: /^Ulashish/ })
          .querySelector('span')!,
      );
      expect(share).toHaveBeenCalledTimes(1);
      const [{ url, text }] = share.mock.calls[0] as [{ url: string; text: string }];
      const opened = within(card).getAllByRole('link')[0]!.getAttribute('href')!;
      expect(url).toBe(`${siteUrl()}${opened}`);
      expect(text).toMatch(/: Toshkent → Samarqand/);
      fireEvent.click(within(card).getAllByRole('link')[0]!);
      expect(share).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
      document.documentElement.removeAttribute('data-native-share');
    }
  });
});

describe('a load page', () => {
  it('offers Share in Telegram in its HTML, with its canonical URL and one line in its language', () => {
    const made = new Map<string, LoadPageContext>();
    const createPage = ((page: { path: string; context: LoadPageContext }) =>
      made.set(page.path, page.context)) as unknown as Actions['createPage'];
    createLoadPages(loads, createPage);
    for (const [path, url, text] of [
      ['/ru/load/2', `${siteUrl()}/ru/load/2`, '<b>Un</b>&: Ташкент → Самарканд'],
      // The bare alias shares its canonical /uz twin.
      ['/load/2', `${siteUrl()}/uz/load/2`, '<b>Un</b>&: Toshkent → Samarqand'],
    ] as const) {
      const pageContext = made.get(path)!;
      const props = { pageContext, location: { pathname: path, search: '' } } as unknown as PageProps<object, LoadPageContext>;
      const doc = new DOMParser().parseFromString(renderToStaticMarkup(<LoadPage {...props} />), 'text/html');
      const link = doc.querySelector('a[href^="https://t.me/share/url"]');
      const href = new URL(link?.getAttribute('href') ?? '');
      expect({ url: href.searchParams.get('url'), text: href.searchParams.get('text') }).toEqual({ url, text });
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toBe('noopener');
      expect(doc.querySelector('b')).toBeNull();
    }
    // Page data carries the line as text, not the encoded URL.
    expect(JSON.stringify(made.get('/ru/load/1'))).not.toContain('t.me');
  });
});
