/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * Published text carries no invisible controls: a NUL, a right-to-left override and their kin in what
 * the API sends never reach a page, its title, meta tags and JSON-LD, a feed, the published board, a
 * channel post or the filter index. The build's own path, over real HTTP: the API answers, the build
 * reads it (src/gatsby/read-loads.ts, through src/api-client/normalize.ts), makes the load pages and
 * renders their head, and writes the feeds and the published board into a folder as onPostBuild does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HeadProps, Reporter } from 'gatsby';
import { LANGUAGES } from '../src/config/languages';
import { writeFeedFiles } from '../src/gatsby/feeds';
import { filterFiles } from '../src/gatsby/filter-files';
import { createLoadPages } from '../src/gatsby/load-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { readLoads } from '../src/gatsby/read-loads';
import { PUBLISHED_BOARD_FILE, parsePublishedBoard } from '../src/feeds/published-board';
import type { LoadPageContext } from '../src/loads/page-context';
import { LoadHead } from '../src/head/load-head';
import { postBody } from '../tools/telegram/post';
import { telegramTranslator } from '../tools/telegram/texts';
import { useFuzzApi } from './support/fuzz-server';

/** C0 and C1 controls, and the bidirectional formatting characters (embeddings, overrides, isolates, marks). */
// eslint-disable-next-line no-control-regex -- the characters no published text may carry
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;
/** The same in a file, whose own layout may hold tabs and line ends. */
// eslint-disable-next-line no-control-regex -- the same, less a file's own tabs and line ends
const CONTROLS_IN_A_FILE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;
const RLO = '\u202e';
const PDF = '\u202c';

/** A load as a hostile or broken poster app might send it: controls in every text. */
const RAW_LOAD = {
  id: 'ctl-1',
  title: `Sement\u0000 M400 ${RLO}exe.gnp${PDF} 20\u00a0t\u0007`,
  fromLocation: { name: `\u2066Toshkent\u2069` },
  toLocation: { name: `Samarqand\u200f` },
  toLocationName: 'Samarqand',
  vehicleType: { id: 1, name: `Tent\u202a` },
  weight: 20,
  price: 6_500_000,
  currency: `UZ\u0000S`,
  loadingDate: '2026-11-30',
  createdAt: '2026-11-25T06:00:00Z',
  additionalInfo: `Tez\u0000 ${RLO}90 123 45 67`,
  contactSource: 'contact',
  contact: { name: `Ali\u001b[31m`, phoneNumber: '+998 90 123 45 67' },
};

function reporter(): Reporter {
  const activity = { start: () => undefined, end: () => undefined, setStatus: () => undefined, panic: () => undefined };
  return { setErrorMap: () => undefined, activityTimer: () => activity, info: () => undefined } as unknown as Reporter;
}

describe('text the site publishes from the API', () => {
  const api = useFuzzApi();
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'published-text-'));
    api().answer({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: [RAW_LOAD, { ...RAW_LOAD, id: `bad${RLO}id` }], pagination: { total: 2, page: 1, limit: 20 } }),
      delayMs: 0,
    });
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads every text without them, and no load whose id holds one', async () => {
    const { loads } = await readLoads(reporter(), { retries: 0 });
    expect(loads.map((load) => load.id)).toEqual(['ctl-1']);
    const [load] = loads;
    expect(load).toMatchObject({
      title: 'Sement M400 exe.gnp 20\u00a0t',
      from: 'Toshkent',
      to: 'Samarqand',
      vehicleType: 'Tent',
      currency: 'UZS',
      contact: { name: 'Ali[31m' },
    });
    expect(JSON.stringify(loads)).not.toMatch(/\\u00|\\u20[026]/);
    expect(Object.values(load ?? {}).filter((value) => typeof value === 'string' && CONTROLS.test(value))).toEqual([]);
  });

  it('writes a load page head, its title, meta tags and JSON-LD without them, in every language', async () => {
    const { loads } = await readLoads(reporter(), { retries: 0 });
    const pages: LoadPageContext[] = [];
    createLoadPages(loads, (page) => {
      pages.push(page.context as unknown as LoadPageContext);
    });
    expect(pages).toHaveLength(LANGUAGES.length + 1);
    for (const context of pages) {
      const html = renderToStaticMarkup(<LoadHead {...({ pageContext: context } as HeadProps<object, LoadPageContext>)} />);
      expect(html).toContain('Sement M400 exe.gnp 20');
      expect(html).not.toMatch(CONTROLS);
      // Escaped in JSON-LD they would still be read back as controls.
      expect(html).not.toMatch(/\\u00[01]|\\u202/i);
    }
  });

  it('writes the feeds, the published board, the channel’s posts and the filter index without them, and no additionalInfo', async () => {
    const { loads } = await readLoads(reporter(), { retries: 0 });
    writeFeedFiles(dir, loads, groupBuildLoads(loads), 'https://yukbor.uz');
    const written = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => fs.statSync(path.join(dir, file)).isFile())
      .map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')] as const);
    expect(written.length).toBeGreaterThan(1);
    expect(written.filter(([, text]) => CONTROLS_IN_A_FILE.test(text)).map(([file]) => file)).toEqual([]);

    const board = parsePublishedBoard(fs.readFileSync(path.join(dir, PUBLISHED_BOARD_FILE), 'utf8'));
    expect(board.loads).toHaveLength(1);
    expect(Object.keys(board.loads[0] ?? {})).not.toContain('additionalInfo');
    expect(JSON.stringify(board)).not.toContain('Tez');

    for (const language of LANGUAGES) {
      const post = postBody(board.loads[0] as (typeof board.loads)[number], language, telegramTranslator(language));
      expect(post).toContain('Sement M400 exe.gnp 20');
      expect(post.split('\n').filter((line) => CONTROLS.test(line))).toEqual([]);
    }

    const filters = filterFiles(loads, groupBuildLoads(loads), ['Tent'], Date.parse('2026-11-25T06:00:00Z'));
    expect([...filters.files.values()].filter((json) => CONTROLS.test(json) || /\\u00[01]|\\u202/i.test(json))).toEqual([]);
    expect([...filters.files.values()].some((json) => json.includes('Sement M400 exe.gnp'))).toBe(true);
  });
});
