import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateLoads } from '../tools/sample-api/data';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { FEED_MAX_ENTRIES } from '../src/config/constants';
import { LANGUAGES } from '../src/config/languages';
import { boardFeedPath, placeFromFeedPath, placeRouteFeedPath, placeToFeedPath } from '../src/config/routes';
import { atomXml, xmlSafe } from '../src/feeds/atom';
import { siteFeeds, type SiteFeed } from '../src/feeds/site-feeds';
import { parsePublishedBoard } from '../src/feeds/published-board';
import { writeFeedFiles } from '../src/gatsby/feeds';
import { emptyManifest, planDeploy } from '../tools/deploy/plan';
import { readTree } from '../tools/deploy/deploy';
import { readLocale } from '../src/gatsby/locales';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { formatPrice } from '../src/loads/format';
import { createTranslator } from '../src/i18n/translator';
import { atomRuleErrors, atomSchemaErrors, htmlConstructText, parseAtom } from './support/atom';
import { HOSTILE_SNIPPETS } from './support/hostile';

const BASE = 'https://yukbor.example';

const translators = new Map(
  LANGUAGES.map((language) => [
    language.code,
    createTranslator(language.prefix, {
      loads: readLocale(language, 'loads'),
      load: readLocale(language, 'load'),
      places: readLocale(language, 'places'),
    }),
  ]),
);

function feedsOf(loads: Load[]): SiteFeed[] {
  return siteFeeds(loads, groupBuildLoads(loads), BASE, (language) => translators.get(language.code)!);
}

function byPath(feeds: SiteFeed[], feedPath: string): SiteFeed {
  const feed = feeds.find((candidate) => candidate.path === feedPath);
  if (!feed) throw new Error(`no feed ${feedPath} among ${feeds.length}`);
  return feed;
}

function hour(n: number): string {
  return new Date(Date.UTC(2026, 10, 20, n)).toISOString();
}

/** `updated` is the posting time moved by under a minute (src/feeds/entry-updated.ts). */
function minuteAfter(posted: string, updated: string): boolean {
  const offset = Date.parse(updated) - Date.parse(posted);
  return offset >= 0 && offset < 60_000;
}

function load(
  id: string,
  from: string,
  to: string,
  createdAt: string | null,
  extra: Partial<Parameters<typeof normalizeLoad>[0]> = {},
): Load {
  return normalizeLoad({ id, title: 'Sement', fromLocation: { name: from }, toLocation: { name: to }, createdAt, ...extra });
}

const mixed = [
  load('1', 'Toshkent', 'Xiva', hour(1), {
    weight: 20,
    vehicleType: { name: 'Tent' },
    price: 1500000,
    currency: 'uzs',
    loadingDate: hour(30),
  }),
  load('2', 'Тошкент', 'Хива', hour(3)),
  // Posted in the same second as load 2: their order must not follow the API's.
  load('3', 'Ташкент', 'Samarqand', hour(3)),
  load('4', 'Toshkent, Toshkent shahri', 'Buxoro', hour(4)),
  load('5', 'Samarqand', 'Toshkent', hour(5)),
];

describe('the site feeds', () => {
  it('are valid Atom (RFC 4287 schema and rules) for the board, every city and route, in every language', async () => {
    const feeds = feedsOf(generateLoads(300).map((raw) => normalizeLoad(raw)));
    expect(feeds.length).toBeGreaterThan(3 * 20);
    expect(await atomSchemaErrors(feeds.map((feed) => ({ name: feed.path, xml: feed.xml })))).toEqual([]);
    for (const feed of feeds)
      expect({ path: feed.path, errors: atomRuleErrors(parseAtom(feed.xml)) }).toEqual({ path: feed.path, errors: [] });
  });

  it('list a city in every spelling the API used, newest first, under its one slug', () => {
    const feeds = feedsOf(mixed);
    const from = parseAtom(byPath(feeds, placeFromFeedPath('uz', 'toshkent')).xml);
    expect(from.entries.map((entry) => entry.id)).toEqual(['4', '2', '3', '1'].map((id) => `${BASE}/uz/load/${id}`));
    const toXiva = parseAtom(byPath(feeds, placeToFeedPath('ru', 'xiva')).xml);
    expect(toXiva.entries.map((entry) => entry.id)).toEqual([`${BASE}/ru/load/2`, `${BASE}/ru/load/1`]);
    const route = parseAtom(byPath(feeds, placeRouteFeedPath('uz-cyrl', 'toshkent', 'xiva')).xml);
    expect(route.entries).toHaveLength(2);
  });

  it('name the route in the page language, link the canonical load page and say when the load was posted', () => {
    const feeds = feedsOf(mixed);
    const names = { uz: 'Toshkent → Xiva', 'uz-cyrl': 'Тошкент → Хива', ru: 'Ташкент → Хива' } as const;
    for (const language of LANGUAGES) {
      const feed = parseAtom(byPath(feeds, placeRouteFeedPath(language.prefix, 'toshkent', 'xiva')).xml);
      const first = feed.entries[1]!;
      expect(htmlConstructText(first.title)).toBe(names[language.prefix]);
      expect(first.links).toEqual([{ href: `${BASE}/${language.prefix}/load/1` }]);
      expect(first.id).toBe(`${BASE}/${language.prefix}/load/1`);
      expect(minuteAfter(hour(1), first.updated)).toBe(true);
      expect(feed.id).toBe(`${BASE}/${language.prefix}/loads/route/toshkent/xiva`);
      expect(feed.links).toEqual(
        expect.arrayContaining([
          { href: `${BASE}/${language.prefix}/loads/route/toshkent/xiva`, rel: 'alternate' },
          { href: `${BASE}/feeds/${language.prefix}/route/toshkent/xiva.atom`, rel: 'self' },
        ]),
      );
    }
    const uz = parseAtom(byPath(feeds, placeRouteFeedPath('uz', 'toshkent', 'xiva')).xml);
    // Numbers as the site formats them (src/loads/format.ts has their own tests); spaces may be non-breaking.
    const price = formatPrice(1500000, 'UZS');
    const spaces = (text: string) => text.replace(/\u00a0/g, ' ');
    // Toshkent–Xiva: 744 km as the crow flies, times the road factor 1.3, to 10 km (src/places/road-distance.ts).
    expect(spaces(htmlConstructText(uz.entries[1]!.summary))).toBe(
      spaces(`Masofa: ≈ 970 km. Ogʻirligi: 20 t. Transport: Tent. Narxi: ${price} (≈ 1 500 UZS/km). Yuklash sanasi: 21-noyabr.`),
    );
    const cyrl = parseAtom(byPath(feeds, placeRouteFeedPath('uz-cyrl', 'toshkent', 'xiva')).xml);
    expect(spaces(htmlConstructText(cyrl.entries[1]!.summary))).toBe(
      spaces(`Масофа: ≈ 970 км. Оғирлиги: 20 т. Транспорт: Тент. Нархи: ${price} (≈ 1 500 UZS/км). Юклаш санаси: 21-ноябрь.`),
    );
    const ru = parseAtom(byPath(feeds, placeRouteFeedPath('ru', 'toshkent', 'xiva')).xml);
    expect(ru.title).toBe('Грузы: Ташкент → Хива | YukBor');
    expect(spaces(htmlConstructText(ru.entries[1]!.summary))).toBe(
      spaces(`Расстояние: ≈ 970 км. Вес: 20 т. Транспорт: Тент. Цена: ${price} (≈ 1 500 UZS/км). Дата погрузки: 21 нояб.`),
    );
    // Dates in the reader's language (src/loads/reader-date.ts), not the board list's "Nov 21".
  });

  it('give the road distance when both places are known, and the price per km only from 50 km', () => {
    const summary = (from: string, to: string) => {
      const feeds = feedsOf([load('9', from, to, hour(1), { price: 400000, currency: 'UZS' })]);
      return htmlConstructText(parseAtom(byPath(feeds, boardFeedPath('ru')).xml).entries[0]!.summary).replace(/\u00a0/g, ' ');
    };
    // Toshkent–Chirchiq: 31 km as the crow flies, about 40 km by road: too short for a price per km.
    expect(summary('Toshkent', 'Chirchiq')).toBe('Расстояние: ≈ 40 км. Цена: 400 000 UZS.');
    expect(summary('Toshkent', 'Samarqand')).toBe('Расстояние: ≈ 300 км. Цена: 400 000 UZS (≈ 1 300 UZS/км).');
    expect(summary('Toshkent', 'Atlantis')).toBe('Цена: 400 000 UZS.');
    expect(summary('Toshkent', 'Toshkent')).toBe('Цена: 400 000 UZS.');
  });

  it('say they were updated when their newest entry was, never when they were built', () => {
    const feeds = feedsOf(mixed);
    const board = parseAtom(byPath(feeds, boardFeedPath('uz')).xml);
    expect(board.updated).toBe(board.entries[0]!.updated);
    expect(minuteAfter(hour(5), board.updated)).toBe(true);
    const toXiva = parseAtom(byPath(feeds, placeToFeedPath('uz', 'xiva')).xml);
    expect(minuteAfter(hour(3), toXiva.updated)).toBe(true);
    const empty = parseAtom(byPath(feedsOf([]), boardFeedPath('ru')).xml);
    expect(empty.updated).toBe('1970-01-01T00:00:00.000Z');
    expect(empty.entries).toEqual([]);
  });

  it('hold the newest 50 loads of a list', () => {
    const many = Array.from({ length: 70 }, (_, index) => load(String(index + 1), 'Toshkent', 'Xiva', hour(index)));
    const feed = parseAtom(byPath(feedsOf(many), placeRouteFeedPath('uz', 'toshkent', 'xiva')).xml);
    expect(feed.entries).toHaveLength(FEED_MAX_ENTRIES);
    expect(feed.entries[0]!.id).toBe(`${BASE}/uz/load/70`);
    expect(feed.entries.at(-1)!.id).toBe(`${BASE}/uz/load/21`);
  });

  it('are the same bytes for the same board, whatever order the API listed it in', () => {
    const first = feedsOf(mixed);
    const again = feedsOf([...mixed].reverse().map((item) => ({ ...item })));
    expect(again).toEqual(first);
    // Loads 2 and 3 were posted at the same time: by id, in every list that holds both.
    const board = parseAtom(byPath(again, boardFeedPath('uz')).xml);
    expect(board.entries.map((entry) => entry.id.split('/').pop())).toEqual(['5', '4', '2', '3', '1']);
  });

  it('give an entry another `updated` when its price, loading date or posting time changes, and keep it otherwise', () => {
    const entryOf = (loads: Load[], id: string) => {
      const board = parseAtom(byPath(feedsOf(loads), boardFeedPath('ru')).xml);
      return board.entries.find((entry) => entry.id.endsWith(`/load/${id}`))!.updated;
    };
    const before = entryOf(mixed, '1');
    const changed = (extra: Partial<Parameters<typeof normalizeLoad>[0]>, createdAt = hour(1)) =>
      entryOf(
        [
          load('1', 'Toshkent', 'Xiva', createdAt, {
            weight: 20,
            vehicleType: { name: 'Tent' },
            price: 1500000,
            currency: 'uzs',
            loadingDate: hour(30),
            ...extra,
          }),
          ...mixed.slice(1),
        ],
        '1',
      );
    expect(changed({})).toBe(before);
    for (const revised of [
      changed({ price: 1600000 }),
      changed({ currency: 'usd' }),
      changed({ loadingDate: hour(31) }),
      changed({}, hour(0)),
    ])
      expect(revised).not.toBe(before);
    // The other loads' entries, and so their bytes, stay as they were.
    expect(entryOf([...mixed.slice(0, 1), { ...mixed[1]!, price: 7 }, ...mixed.slice(2)], '3')).toBe(entryOf(mixed, '3'));
  });

  it('keep hostile load text as text: valid XML, no markup, no characters XML forbids', async () => {
    const controls = 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uD800i';
    const hostile = HOSTILE_SNIPPETS.map((snippet, index) =>
      load(`h${index}`, `Toshkent`, `${snippet} ${controls}`, hour(index), {
        title: `${snippet}]]>]]>`,
        vehicleType: { name: `${snippet}${controls}` },
        currency: snippet,
        price: 5,
      }),
    );
    const feeds = feedsOf(hostile);
    const board = byPath(feeds, boardFeedPath('ru'));
    expect(await atomSchemaErrors(feeds.map((feed) => ({ name: feed.path, xml: feed.xml })))).toEqual([]);
    const parsed = parseAtom(board.xml);
    expect(atomRuleErrors(parsed)).toEqual([]);
    for (const index of HOSTILE_SNIPPETS.keys()) {
      const entry = parsed.entries.find((candidate) => candidate.id.endsWith(`/load/h${index}`))!;
      const source = hostile[index]!;
      // The controls went where the text entered (src/api-client/normalize.ts); what XML forbids besides
      // (a non-character, half a surrogate pair), the feed takes out.
      expect(source.to).toContain('abcd e fg\uFFFEh\uD800i');
      // What a reader shows after decoding the HTML: the API's text, less the characters XML forbids.
      expect(htmlConstructText(entry.title)).toBe(`Ташкент → ${xmlSafe(source.to)}`);
      expect(htmlConstructText(entry.summary)).toContain(`Транспорт: ${xmlSafe(source.vehicleType)}.`);
      expect(entry.title).not.toMatch(/[<>]/);
      expect(entry.summary).not.toMatch(/[<>]/);
    }
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids, which must not reach a feed
    expect(board.xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE]/);
  });
});

describe('atomXml', () => {
  it('refuses nothing it is given: an empty title and undated entries still make a valid feed', async () => {
    const xml = atomXml({
      pageUrl: `${BASE}/uz/loads`,
      feedUrl: `${BASE}/feeds/uz/loads.atom`,
      title: '\u0000',
      subtitle: '',
      author: { name: 'YukBor', url: `${BASE}/uz` },
      entries: [{ url: `${BASE}/uz/load/1`, title: 'x', summary: '', updated: null }],
    });
    expect(await atomSchemaErrors([{ name: 'undated', xml }])).toEqual([]);
    expect(parseAtom(xml).entries[0]!.updated).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('writing the feeds into the build output', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feeds-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function snapshot(): Map<string, { bytes: Buffer; mtimeMs: number }> {
    const files = new Map<string, { bytes: Buffer; mtimeMs: number }>();
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.set(path.relative(dir, full), { bytes: fs.readFileSync(full), mtimeMs: fs.statSync(full).mtimeMs });
      }
    };
    walk(dir);
    return files;
  }

  it('writes every feed and the published board, then nothing at all for an unchanged board', () => {
    const first = writeFeedFiles(dir, mixed, groupBuildLoads(mixed), BASE);
    expect(first.written).toBe(first.feeds + 1);
    const before = snapshot();
    expect(before.has(path.join('feeds', 'uz', 'loads.atom'))).toBe(true);
    expect(before.has(path.join('feeds', 'ru', 'from', 'toshkent.atom'))).toBe(true);
    expect(parsePublishedBoard(before.get(path.join('feeds', 'board.json'))!.bytes.toString('utf8')).loads.map((l) => l.id)).toEqual([
      '5',
      '4',
      '2',
      '3',
      '1',
    ]);
    const again = [...mixed].reverse().map((item) => ({ ...item }));
    const second = writeFeedFiles(dir, again, groupBuildLoads(again), BASE);
    expect(second).toEqual({ ...first, written: 0, removed: 0 });
    expect(snapshot()).toEqual(before);
  });

  it('rewrites only the feeds a new load changes, and removes the feeds of places that left the board', () => {
    writeFeedFiles(dir, mixed, groupBuildLoads(mixed), BASE);
    const before = snapshot();
    // Buxoro's only load leaves; a new Samarqand → Toshkent load arrives.
    const next = [...mixed.filter((item) => item.id !== '4'), load('6', 'Samarqand', 'Toshkent', hour(6))];
    const result = writeFeedFiles(dir, next, groupBuildLoads(next), BASE);
    const after = snapshot();
    expect([...after.keys()].some((file) => file.includes('buxoro'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'feeds', 'uz', 'to'))).toBe(true);
    expect(result.removed).toBe(2 * 3);
    const unchanged = path.join('feeds', 'ru', 'route', 'toshkent', 'xiva.atom');
    expect(after.get(unchanged)).toEqual(before.get(unchanged));
    expect(after.get(path.join('feeds', 'ru', 'loads.atom'))).not.toEqual(before.get(path.join('feeds', 'ru', 'loads.atom')));
  });

  it('gives the deploy nothing to upload when a clean rebuild of the same board writes its feeds anew', async () => {
    const grace = { days: 7, deploys: 2 };
    writeFeedFiles(dir, mixed, groupBuildLoads(mixed), BASE);
    const first = planDeploy({ local: await readTree(dir), remote: [], previous: emptyManifest(), now: new Date(), grace });
    const remote = Object.entries(first.manifest.files).map(([key, entry]) => ({ key, etag: entry.md5 }));
    // A clean build: an empty folder, the same board listed in another order.
    fs.rmSync(dir, { recursive: true, force: true });
    const again = [...mixed].reverse().map((item) => ({ ...item }));
    writeFeedFiles(dir, again, groupBuildLoads(again), BASE);
    const second = planDeploy({ local: await readTree(dir), remote, previous: first.manifest, now: new Date(), grace });
    expect(second.uploads.data).toEqual([]);
    expect(second.writeManifest).toBe(false);
    // One new load on the Samarqand → Toshkent route: its feeds, the board's and the published board, no more.
    const next = [...mixed, load('6', 'Samarqand', 'Toshkent', hour(6))];
    writeFeedFiles(dir, next, groupBuildLoads(next), BASE);
    const third = planDeploy({ local: await readTree(dir), remote, previous: first.manifest, now: new Date(), grace });
    const uploaded = third.uploads.data.map((file) => file.key).sort();
    expect(uploaded).toEqual(
      [
        'feeds/board.json',
        ...['uz', 'uz-cyrl', 'ru'].flatMap((prefix) => [
          `feeds/${prefix}/loads.atom`,
          `feeds/${prefix}/from/samarqand.atom`,
          `feeds/${prefix}/to/toshkent.atom`,
          `feeds/${prefix}/route/samarqand/toshkent.atom`,
        ]),
      ].sort(),
    );
  });
});
