/**
 * @jest-environment node
 */
/**
 * A kept route whose destination has a radius of its own (`nearTo`) in Telegram: the build reads the sample
 * API over HTTP and publishes its board, the route page's list and its loads on the way are worked out as the
 * phone works them out from the files the build publishes (src/board/sources/list-query.ts, trip-since.ts),
 * and `npm run telegram -- alerts`, against the fake Bot API, sends the token the board's link carries
 * exactly those loads: the route's own first, in its order, then those on its way, the smallest detour first.
 */
import fs from 'node:fs';
import type { Load } from '../src/api-client/types';
import { fetchVehicleTypes } from '../src/api-client/client';
import { listQuery } from '../src/board/sources/list-query';
import { tripNow } from '../src/board/sources/trip-since';
import { PAGE_SIZE } from '../src/config/constants';
import { tashkentDay } from '../src/config/time';
import { publishedBoard } from '../src/feeds/published-board';
import { newestFirst, postedAt } from '../src/loads/posting-time';
import { parseBoardQuery } from '../src/search/query';
import { alertsConfigFromEnv } from '../tools/telegram/alerts/config';
import { runAlerts } from '../tools/telegram/alerts/run';
import { alertsEnvFor, type BotFolder, botFolder, TEST_SITE_URL } from '../tools/harness/bot-folder';
import { type FakeBotApi, type FakeUser, startFakeBotApi } from '../tools/harness/fake-bot-api';
import { everyLoad, startApi, type HarnessApi } from '../tools/harness/sample-api';
import { publishFilters, type PublishedFilters } from './support/published-filters';
import { tokenFor } from './support/alerts';

const SITE = TEST_SITE_URL;
const ROUTE = '/loads/route/toshkent/samarqand';
const TRIP = { from: 'toshkent', to: 'samarqand' };
const HOUR = 3_600_000;
const signal = new AbortController().signal;
const driver: FakeUser = { id: 7101, firstName: 'Alisher', languageCode: 'uz' };

let api: HarnessApi;
let fake: FakeBotApi;
let published: PublishedFilters;
let built: Load[];
let folder: BotFolder;
const apiUrlBefore = process.env.GATSBY_API_URL;

beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', loads: 200, quiet: true });
  process.env.GATSBY_API_URL = api.url;
  built = (await everyLoad(api.url)).sort(newestFirst);
  const types = await fetchVehicleTypes({ baseUrl: api.url });
  published = await publishFilters(
    built,
    types.map((type) => type.name),
    'newest',
  );
  // The board's files are the site's: their paths resolve against the page's origin.
  (globalThis as { location?: { href: string } }).location = { href: `${published.origin}/` };
  folder = botFolder('alerts-near-to');
  folder.publish(publishedBoard(built, types));
});
afterAll(async () => {
  process.env.GATSBY_API_URL = apiUrlBefore;
  await published.close();
  await api.close();
  folder.remove();
});
beforeEach(async () => {
  fake = await startFakeBotApi();
  fs.rmSync(folder.alertsStateFile, { force: true });
});
afterEach(() => fake.close());

/** The route page's list for `search` and its loads on the way, as the phone shows them. */
async function routePage(search: string): Promise<{ own: string[]; way: Array<[string, number]> }> {
  const query = parseBoardQuery(search, { placeList: true, routeList: true });
  const files = published.listFiles(published.files.routes.get(`${TRIP.from}/${TRIP.to}`) as string, published.files.around.get(TRIP.from));
  const lists = listQuery({ files, list: TRIP, placeFilePath: published.placeFileUrl });
  const first = await lists.page({ ...query, page: 1 }, { signal, fresh: false });
  const own = first.loads.map((load) => load.id);
  for (let page = 2; page <= Math.ceil(first.total / PAGE_SIZE); page += 1)
    own.push(...(await lists.page({ ...query, page }, { signal, fresh: false })).loads.map((load) => load.id));
  const now = await tripNow(TRIP, files, published.placeFileUrl, query, signal);
  return { own, way: (now?.found ?? []).map(({ row, detourKm }) => [row.id, detourKm]) };
}

describe('npm run telegram -- alerts: a kept route whose destination has a radius of its own', () => {
  it.each(['?nearTo=100', '?near=50&nearTo=100'])(
    'sends for %s exactly the loads its route page lists, and those on its way, none twice',
    async (search) => {
      const { own, way } = await routePage(search);
      const { own: alone } = await routePage(search.replace(/&?nearTo=100/, ''));
      // The destination's radius makes loads to the places around it the route's own (Toshkent → Jizzax),
      // which are then not on its way.
      expect(own.length).toBeGreaterThan(alone.length);
      expect(way.length).toBeGreaterThan(0);
      expect(own.filter((id) => way.some(([other]) => other === id))).toEqual([]);

      const oldest = postedAt(built[built.length - 1] as Load);
      fake.userSends(driver, `/start ${tokenFor(ROUTE, search, 'uz', tashkentDay(Date.now()) ?? '')}`, oldest - HOUR);
      const config = alertsConfigFromEnv(alertsEnvFor(folder, fake));
      const clock = () => postedAt(built[0] as Load) + HOUR;
      expect(await runAlerts(config, { log: () => {}, clock })).toMatchObject({ subscribed: 1, refused: 0 });
      const [answer, alert] = fake.chatMessages(driver.id);
      // The answer names the list as its page's chips do: the destination's radius among them.
      expect(answer?.text).toContain('borish joyi: 100 km radiusda');
      const linked = [...(alert?.text ?? '').matchAll(/\/load\/([^\s/]+)$/gm)].map((match) => match[1]);
      const expected = [...own, ...way.map(([id]) => id)];
      expect(linked).toEqual(expected.slice(0, 10));
      // The rest are behind the route page's link, filtered as it was kept.
      const more = expected.length - 10;
      if (more > 0) expect(alert?.text).toContain(`Yana ${more} ta yuk roʻyxatda:\n${SITE}/uz${ROUTE}${search}`);
      for (const [id, km] of way.slice(0, Math.max(0, 10 - own.length))) {
        const block = alert?.text.split('\n\n').find((one) => one.endsWith(`/load/${id}`));
        expect([id, block?.split('\n')[1]]).toEqual([id, `Yoʻl-yoʻlakay yuk, qoʻshimcha yoʻl +${km} km`]);
      }
    },
  );
});
