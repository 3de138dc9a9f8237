/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * The 404 page on the URL of a load that left the board (docs/closed-loads.md): the real page, the
 * sample API over HTTP (which answers 404 for the id) and the closed-load index written by the build's
 * own writer from a real history file, served with the locale files by the site's CDN-like server
 * (tools/serve).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import NotFoundPage from '../src/templates/not-found';
import { normalizeLoad } from '../src/api-client/normalize';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/config/languages';
import { closedLoadShards, leadOnPagesOf, writeClosedLoadShards } from '../src/gatsby/closed-loads';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { historyFieldsOf, VehicleTypes } from '../src/history/record';
import type { ClosedLoad, HistoryLoad } from '../src/history/types';
import { closedShardOf, closedShardPathOf } from '../src/loads/closed-index';
import { LOCALES_DIR, publishedTextsRoot } from '../src/gatsby/locales';
import { pageVariants } from '../src/i18n/plugin';
import { startStaticServer, type StaticServer } from '../tools/serve/static-server';
import { renderInLanguage } from './support/render-page';
import { loadWithText, REVIEWED_TEXTS, secretsIn } from './support/reviewed-texts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const TEXTS: Record<
  string,
  {
    title: string;
    lead: string;
    lastSeen: RegExp;
    route: string;
    leadOn: string;
    vehicle: string;
    weight: string;
    volume: string;
    handOver: string;
  }
> = {
  uz: {
    title: 'Eʼlon yopilgan',
    lead: 'Bu yukni boshqa haydovchi olgan yoki eʼlon oʻchirilgan.',
    lastSeen: /^Roʻyxatda oxirgi marta koʻringan vaqti: \d\d\.\d\d\.\d{4}, soat \d\d:\d\d \(Toshkent vaqti\)\.$/,
    route: 'Toshkent → Samarqand',
    leadOn: 'Toshkent → Samarqand yoʻnalishidagi boshqa yuklar',
    vehicle: 'Fura 20t',
    weight: '20\u00a0t',
    volume: '86\u00a0m³',
    handOver: 'Ilovaga oʻtish',
  },
  'uz-Cyrl': {
    title: 'Эълон ёпилган',
    lead: 'Бу юкни бошқа ҳайдовчи олган ёки эълон ўчирилган.',
    lastSeen: /^Рўйхатда охирги марта кўринган вақти: \d\d\.\d\d\.\d{4}, соат \d\d:\d\d \(Тошкент вақти\)\.$/,
    route: 'Тошкент → Самарқанд',
    leadOn: 'Тошкент → Самарқанд йўналишидаги бошқа юклар',
    vehicle: 'Фура 20\u00a0т',
    weight: '20\u00a0т',
    volume: '86\u00a0м³',
    handOver: 'Иловага ўтиш',
  },
  ru: {
    title: 'Заявка закрыта',
    lead: 'Этот груз уже взял другой водитель, или заявку сняли.',
    lastSeen: /^В последний раз заявка была в списке \d\d\.\d\d\.\d{4} в \d\d:\d\d \(по ташкентскому времени\)\.$/,
    route: 'Ташкент → Самарканд',
    leadOn: 'Другие грузы по маршруту Ташкент → Самарканд',
    vehicle: 'Фура 20\u00a0т',
    weight: '20\u00a0т',
    volume: '86\u00a0м³',
    handOver: 'Перейти в приложение',
  },
};

const CLOSED_ID = 'closed-route';
const UNKNOWN_PLACE_ID = 'closed-search';
const OLD_ID = 'closed-long-ago';
const BROKEN_ID = 'closed-broken';
/** Closed loads posted with the review's texts in every field a poster fills in. */
const REVIEWED_IDS = REVIEWED_TEXTS.map((_, index) => `closed-reviewed-${index}`);

let site: StaticServer;
let dir = '';
const nodeFetch = globalThis.fetch;

function historyLoad(id: string, from: string, to: string, closedAt: number): HistoryLoad {
  return {
    id,
    from,
    fromKnown: true,
    to,
    toKnown: true,
    vehicleType: 'Fura 20t',
    weight: 20,
    volume: 86,
    price: 6_500_000,
    currency: 'UZS',
    loadingDate: '2026-11-20T00:00:00.000Z',
    createdAt: '2026-11-18T09:00:00.000Z',
    firstSeen: closedAt - 3 * DAY,
    lastSeen: closedAt - HOUR,
    closedAt,
    posterHash: null,
  };
}

function apiLoad(id: string, from: string, to: string, title = 'Sement') {
  return normalizeLoad({
    id,
    title,
    weight: 20,
    fromLocation: { name: from },
    toLocation: { name: to },
    loadingDate: '2026-11-20T00:00:00Z',
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'closed-page-'));
  // Where the build publishes them, and names them in the 404 page's context (src/gatsby/create-pages.ts).
  fs.cpSync(LOCALES_DIR, path.join(dir, publishedTextsRoot()), { recursive: true });
  // What the build does with the history's closed loads (the store is build-side code, kept out of this
  // jsdom test; the records are as the store returns them, __tests__/loads-closed-index.test.ts takes them from a real file).
  const now = Date.now();
  // What the history keeps of a load posted with the review's texts (src/history/record.ts), closed.
  const reviewed = REVIEWED_TEXTS.map((text, index): ClosedLoad => {
    const fields = historyFieldsOf(
      normalizeLoad(loadWithText(REVIEWED_IDS[index] as string, text.text)),
      'test-key',
      new VehicleTypes(['Tent']),
    );
    return { ...fields, lastSeen: now - 3 * DAY, closedAt: now - 2 * DAY };
  });
  const closed = [
    historyLoad(CLOSED_ID, 'toshkent', 'samarqand', now - 2 * DAY),
    { ...historyLoad(UNKNOWN_PLACE_ID, '', 'samarqand', now - 2 * DAY), fromKnown: false },
    historyLoad(OLD_ID, 'toshkent', 'samarqand', now - 31 * DAY),
    ...reviewed,
  ];
  // The board of the build still has a Toshkent → Samarqand load, so its route page exists.
  const pages = leadOnPagesOf(groupBuildLoads([apiLoad('1', 'Toshkent', 'Samarqand')]));
  // Built when the old one was 29 days closed: in the index, and past its time at the reader's clock.
  writeClosedLoadShards(dir, closedLoadShards(closed, now - 2 * DAY, pages));
  expect(new Set([CLOSED_ID, UNKNOWN_PLACE_ID, OLD_ID, BROKEN_ID].map(closedShardOf)).size).toBe(4);
  fs.writeFileSync(path.join(dir, closedShardPathOf(BROKEN_ID)), '{"version":2,"loads":[{"id":"closed-broken","from":');
  site = await startStaticServer(dir, 0, '127.0.0.1');
  // jsdom's fetch here is Node's, which knows no page URL: the site's own paths go to the local server.
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    nodeFetch(typeof input === 'string' && input.startsWith('/') ? `${site.url}${input}` : input, init)) as typeof fetch;
});

afterAll(async () => {
  globalThis.fetch = nodeFetch;
  await site.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('script[type="application/ld+json"]').forEach((script) => script.remove());
  jest.restoreAllMocks();
});

/** The 404 page as the host serves it for `pathname`: the one page, built in Uzbek Latin. */
function openPath(pathname: string) {
  window.history.replaceState(null, '', pathname);
  const [notFound] = pageVariants('/404');
  const pageContext = { ...(notFound as NonNullable<typeof notFound>).context, textsRoot: publishedTextsRoot() };
  return renderInLanguage(<NotFoundPage pageContext={pageContext} />, DEFAULT_LANGUAGE, '/404', ['common', 'load']);
}

/** A crawler's user agent: the page does not hand it over, so "not found" can be watched without a navigation. */
function asCrawler(): void {
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1)');
}

describe.each(LANGUAGES.map((language) => [language.prefix, language] as const))(
  'a closed load on /%s/load/{id}',
  (prefix, language: Language) => {
    it('says it is closed and when it was last seen, keeps what it was, and leads on', async () => {
      const texts = TEXTS[language.code] as (typeof TEXTS)[string];
      openPath(`/${prefix}/load/${CLOSED_ID}`);
      const heading = await screen.findByRole('heading', { level: 1, name: texts.title }, { timeout: 10_000 });
      expect(document.activeElement).toBe(heading);
      const main = within(screen.getByRole('main'));
      expect(main.getByText(texts.lead)).toBeTruthy();
      expect(main.getByText(texts.lastSeen)).toBeTruthy();
      expect(main.getByText(texts.route)).toBeTruthy();
      // Described from its fields, in the page's language.
      expect(main.getByText(texts.vehicle, { normalizer: (text) => text })).toBeTruthy();
      expect(main.getByText(texts.weight, { normalizer: (text) => text })).toBeTruthy();
      expect(main.getByText(texts.volume, { normalizer: (text) => text })).toBeTruthy();
      expect(main.getByText('6\u00a0500\u00a0000\u00a0UZS', { normalizer: (text) => text })).toBeTruthy();
      // Its days as its "last seen" line writes them, in any language: no English month on the page.
      expect(main.getByText('20.11.2026')).toBeTruthy();
      expect(main.getByText('18.11.2026')).toBeTruthy();
      expect(main.queryByText(/Nov/)).toBeNull();
      expect(main.getByRole('link', { name: texts.leadOn }).getAttribute('href')).toBe(`/${prefix}/loads/route/toshkent/samarqand`);
      expect(main.getByRole('link', { name: texts.handOver }).getAttribute('href')).toBe(`/${prefix}/applink`);
      expect(document.documentElement.lang).toBe(language.htmlLang);
      expect(document.title).toBe(`${texts.title}: ${texts.route} | YukBor`);
      // Nothing offers the load as available.
      expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
      // No redirect to the app (jsdom would report the navigation it cannot make as an error).
      const navigation = jest.spyOn(console, 'error');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(navigation).not.toHaveBeenCalled();
      expect(window.location.pathname).toBe(`/${prefix}/load/${CLOSED_ID}`);
    });
  },
);

it('on the bare path, in Uzbek Latin with bare links; an unknown origin is named so and leads to the whole board', async () => {
  openPath(`/load/${UNKNOWN_PLACE_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Eʼlon yopilgan' }, { timeout: 10_000 });
  expect(screen.getByText('nomaʼlum joy → Samarqand')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Barcha yuklar roʻyxati' }).getAttribute('href')).toBe('/loads');
  expect(screen.getByRole('link', { name: 'Ilovaga oʻtish' }).getAttribute('href')).toBe('/applink');
});

it.each(REVIEWED_TEXTS.map((text, index) => [text.text, REVIEWED_IDS[index] as string] as const))(
  'a load posted with %j in every field: its page describes it from its fields, and shows nothing of the text',
  async (_text, id) => {
    openPath(`/ru/load/${id}`);
    await screen.findByRole('heading', { level: 1, name: 'Заявка закрыта' }, { timeout: 10_000 });
    const main = within(screen.getByRole('main'));
    expect(main.getByText('место не указано → Самарканд')).toBeTruthy();
    expect(main.getByText('20\u00a0т', { normalizer: (text) => text })).toBeTruthy();
    expect(secretsIn(document.documentElement.outerHTML)).toEqual([]);
    expect(secretsIn(document.title)).toEqual([]);
  },
);

it.each([
  ['closed more than 30 days ago', OLD_ID],
  ['in a broken shard', BROKEN_ID],
  ['in no shard at all', 'never-posted'],
])('a load %s is an unknown load: not found, handed over as before', async (_what, id) => {
  asCrawler();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  openPath(`/ru/load/${id}`);
  await waitFor(() => expect(warn).toHaveBeenCalledWith('Load', id, 'could not be shown; handing over to the app:', expect.anything()), {
    timeout: 10_000,
  });
  expect(screen.queryByRole('heading', { name: TEXTS.ru?.title })).toBeNull();
});

it('a load the API still has is described and handed over, whatever the index says', async () => {
  asCrawler();
  openPath('/ru/load/1001');
  await waitFor(() => expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1), { timeout: 10_000 });
  expect(screen.queryByRole('heading', { name: TEXTS.ru?.title })).toBeNull();
});
