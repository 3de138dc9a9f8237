// npm run bench:alerts [-- --chats 10000 --loads 10000 --searches 5]: what `npm run telegram -- alerts`
// costs at scale. Matching: CHATS chats keeping SEARCHES searches each (lists, types, weights and loading
// windows drawn as drivers choose them, over the board's places) against a board of LOADS loads all
// posted since their last alert (one rebuild's new loads, at their worst): the plan's time and the
// process's peak memory (targets: 5 s, 300 MB). Delivery: the real run against the fake Bot API of the
// tests, at the tool's real pace (34 ms between two messages, 1 s between two to one chat), on a clock
// of its own: the pauses are counted, not slept, so minutes of Telegram's pace take seconds here. It
// prints how many alerts one scheduled run sends within TELEGRAM_TIME_BUDGET_SECONDS (600) and how long
// all of them take.
import os from 'node:os';
import { normalizeLoad } from '../../src/api-client/normalize';
import type { Load } from '../../src/api-client/types';
import { encodeAlertToken, keptSearchOf } from '../../src/search/alert-token';
import { EMPTY_QUERY, type BoardQuery } from '../../src/search/query';
import { LANGUAGES } from '../../src/config/languages';
import { DAY_MS, tashkentDay } from '../../src/config/time';
import { publishedBoard } from '../../src/feeds/published-board';
import { botFolder } from '../harness/bot-folder';
import { postedAt } from '../../src/loads/posting-time';
import { matchPlace } from '../../src/places/match';
import { startFakeBotApi } from '../harness/fake-bot-api';
import { generateLoads, mulberry32, UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from '../sample-api/data';
import { alertsConfigFromEnv } from '../telegram/alerts/config';
import { vehicleNamesById } from '../telegram/alerts/kept-list';
import { planAlerts } from '../telegram/alerts/plan';
import { runAlerts } from '../telegram/alerts/run';
import { type AlertsState, emptyAlertsState, writeAlertsState } from '../telegram/alerts/state';
import { numberFlag, readFlags, switchFlag } from './flags';

const DICTIONARY = [...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES].map((type) => ({ id: String(type.id), name: type.name }));
const IDS = Object.fromEntries(DICTIONARY.map((type) => [type.name.toLowerCase(), type.id]));

/** The board's places by slug, each as often as loads leave or reach it: drivers keep the busy ones. */
function placesOf(loads: readonly Load[]): string[] {
  return loads.flatMap((load) => [load.from, load.to].map((text) => matchPlace(text)?.slug).filter((slug): slug is string => !!slug));
}

/** One search as a driver keeps it: a list, often a type or two, sometimes a weight, a window, an order. */
function drawSearch(
  next: () => number,
  places: readonly string[],
  today: string,
): { scope: { from?: string; to?: string }; query: BoardQuery; place: string | null } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const kind = next();
  const [a, b] = [pick(places), pick(places)];
  const scope = kind < 0.4 ? { from: a } : kind < 0.65 ? { to: a } : kind < 0.85 && a !== b ? { from: a, to: b } : {};
  // On the board, most kept searches name a place.
  const place = Object.keys(scope).length === 0 && next() < 0.7 ? a : null;
  const types = DICTIONARY.slice(0, VEHICLE_TYPES.length).map((type) => type.name);
  const vehicleCount = next() < 0.2 ? 0 : next() < 0.75 ? 1 : 2;
  const day = (offset: number) => tashkentDay(Date.parse(`${today}T12:00:00Z`) + offset * DAY_MS);
  const min = next() < 0.3 ? pick([5, 10, 15, 20]) : null;
  const query: BoardQuery = {
    ...EMPTY_QUERY,
    search: place ?? '',
    vehicle: [...new Set(Array.from({ length: vehicleCount }, () => pick(types)))],
    weight: { min, max: next() < 0.1 ? pick([22, 30]) : null },
    loading: { from: next() < 0.2 ? day(0) : null, to: next() < 0.2 ? day(3) : null },
    near: next() < 0.1 && (place || scope.from || scope.to) ? pick([25, 50, 100]) : null,
    sort: next() < 0.2 ? 'loading' : 'newest',
  };
  return { scope, query, place };
}

/** Its token, as the board's link carries it, in one of the three languages. */
function tokenOf(next: () => number, places: readonly string[], today: string): string {
  const { scope, query, place } = drawSearch(next, places, today);
  const language = LANGUAGES[Math.floor(next() * LANGUAGES.length)] ?? LANGUAGES[0];
  const search = keptSearchOf(scope, query, place, language.prefix);
  if ('problem' in search) throw new Error(search.problem);
  const encoded = encodeAlertToken(search, today, IDS);
  if (!('token' in encoded)) throw new Error(encoded.problem);
  return encoded.token;
}

/** The machine's load as `uptime` prints it: a figure read on a busy machine says so beside it. */
function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')} on ${os.cpus().length} cores`;
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MB`;
}

async function main(): Promise<void> {
  const flags = readFlags({
    chats: numberFlag(10_000, { min: 1 }),
    loads: numberFlag(10_000, { min: 1 }),
    searches: numberFlag(5, { min: 1 }),
    // Matching alone, without the delivery runs (minutes here): for profiling it.
    'match-only': switchFlag(),
  });
  const loads = generateLoads(flags.loads).map(normalizeLoad);
  const times = loads.map(postedAt).filter(Number.isFinite);
  const [oldest, newest] = [Math.min(...times), Math.max(...times)];
  const today = tashkentDay(newest + 3_600_000) ?? '2026-11-20';
  const places = placesOf(loads);
  const next = mulberry32(0xa1e7);
  const state: AlertsState = emptyAlertsState();
  for (let chat = 0; chat < flags.chats; chat += 1) {
    const tokens = new Set<string>();
    while (tokens.size < flags.searches) tokens.add(tokenOf(next, places, today));
    state.chats[String(100_000 + chat)] = [...tokens].map((token) => {
      const id = state.nextId.toString(36);
      state.nextId += 1;
      return { id, token, since: { at: oldest - 1000, ids: [] } };
    });
  }
  const board = publishedBoard(loads, DICTIONARY);
  const names = vehicleNamesById(board.vehicleTypes);
  const searches = flags.chats * flags.searches;
  console.log(
    `${flags.chats} chats x ${flags.searches} searches (${searches}) against ${flags.loads} loads, all new; ${os.cpus().length} cores`,
  );

  const loadBefore = loadAverage();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const plan = planAlerts(board, state, today, names, newest + 3_600_000);
  const seconds = (performance.now() - started) / 1000;
  // The process's own CPU time: on a machine others load, the wall clock counts their share too.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const peak = process.resourceUsage().maxRSS * 1024;
  const listed = plan.alerts.reduce((sum, alert) => sum + alert.loads.length, 0);
  console.log(
    `matching: ${seconds.toFixed(2)} s (${cpuSeconds.toFixed(2)} s of CPU) for ${plan.lists} distinct lists; ${plan.alerts.length} alerts (${plan.quiet.length} searches with nothing new), ` +
      `${listed} loads listed; heap +${mb(process.memoryUsage().heapUsed - heapBefore)}, peak RSS of the process ${mb(peak)} (${mb(rssBefore)} before matching); ` +
      `targets 5 s and 300 MB; ${loadBefore} before, ${loadAverage()} after`,
  );

  if (flags['match-only']) return;
  const folder = botFolder('bench-alerts');
  const fake = await startFakeBotApi({ anyPrivateChat: true, record: false });
  try {
    folder.publish(board);
    const stateFile = folder.alertsStateFile;
    writeAlertsState(stateFile, state);
    // Telegram's pace on a clock of the bench's own: each pause moves it on instead of sleeping. It
    // starts an hour after the newest load, on the day the searches were kept.
    let modelled = 0;
    const [origin, real] = [newest + 3_600_000, Date.now()];
    const clock = () => origin + (Date.now() - real) + modelled;
    const sleep = async (ms: number) => {
      modelled += ms;
    };
    const env = (budget: string) => ({
      TELEGRAM_ALERTS_BOT_TOKEN: fake.token,
      TELEGRAM_API_URL: fake.url,
      TELEGRAM_ALERTS_STATE_FILE: stateFile,
      TELEGRAM_TIME_BUDGET_SECONDS: budget,
      PUBLIC_DIR: folder.publicDir,
      SITE_URL: 'https://yukbor.example',
    });
    const deliver = async (budget: string) => {
      const [real, modelledBefore] = [performance.now(), modelled];
      const report = await runAlerts(alertsConfigFromEnv(env(budget)), { log: () => {}, clock, sleep });
      const realSeconds = (performance.now() - real) / 1000;
      return { report, realSeconds, modelledSeconds: realSeconds + (modelled - modelledBefore) / 1000 };
    };
    const first = await deliver('600');
    console.log(
      `one scheduled run (TELEGRAM_TIME_BUDGET_SECONDS=600): sent ${first.report.alerts} alerts of ${first.report.loads} loads, left ${first.report.left} for the next run, ${first.report.failed} refused; ` +
        `${first.modelledSeconds.toFixed(0)} s at Telegram's pace (${(first.report.alerts / first.modelledSeconds).toFixed(1)} a second), ${first.realSeconds.toFixed(1)} s here`,
    );
    const rest = await deliver('86400');
    const all = first.report.alerts + rest.report.alerts;
    if (rest.report.failed > 0) console.log(`the second run: ${rest.report.failed} messages refused`);
    const total = first.modelledSeconds + rest.modelledSeconds;
    console.log(
      `all ${all} alerts: ${(total / 60).toFixed(1)} min at Telegram's pace (${(all / total).toFixed(1)} a second), ${(first.realSeconds + rest.realSeconds).toFixed(1)} s here; ` +
        `the fake Bot API carried out ${fake.counts.messages} messages in ${fake.counts.calls} calls`,
    );
  } finally {
    await fake.close();
    folder.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
