/**
 * `npm run telegram -- alerts` against the fake Bot API (tools/harness/fake-bot-api.ts) over HTTP, on
 * boards the build would publish from the sample API's loads: people keep searches with /start and the
 * token the board's link carries, stop them, list them, block the bot; the run answers them and sends
 * each search the loads its list holds that were posted since. Runs that must be killed run the real
 * command as a child process.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Load } from '../src/api-client/types';
import { PUBLISHED_BOARD_FILE } from '../src/feeds/published-board';
import { postedAt } from '../src/loads/posting-time';
import { ALERT_TOKEN_VERSION, encodeAlertToken } from '../src/search/alert-token';
import { NO_FILTERS, type FilterValues } from '../src/search/filter-table';
import { REBUILD_INTERVAL_MINUTES } from '../src/config/constants';
import { PINNED_SAMPLE_DAY, sampleDayStart } from '../tools/sample-api/data';
import { alertsConfigFromEnv } from '../tools/telegram/alerts/config';
import { type AlertsReport, runAlerts } from '../tools/telegram/alerts/run';
import { ALERTS_STATE, type AlertsState, readAlertsState } from '../tools/telegram/alerts/state';
import { type LocalS3, startLocalS3 } from '../tools/deploy/local-s3';
import { readObject } from '../tools/deploy/conditional-object';
import { stateObject, TELEGRAM_ALERTS_STATE_KEY, TELEGRAM_STATE_KEY } from '../tools/deploy/state-location';
import { releaseState, uploadState } from '../tools/telegram/bucket-state';
import { alertsEnvFor, type BotFolder, botFolder, TEST_SITE_URL } from '../tools/harness/bot-folder';
import { type FakeBotApi, type FakeMessage, type FakeUser, startFakeBotApi } from '../tools/harness/fake-bot-api';
import { boardListIds, SAMPLE, tokenFor, writeBoard } from './support/alerts';
import { plainDetourLimitKm, plainOnTheWay } from './support/on-the-way-oracle';
import { EMPTY_QUERY, parseBoardQuery } from '../src/search/query';
import { startCli, waitFor } from './support/cli-process';

const ROOT = path.resolve(__dirname, '..');
const SITE = TEST_SITE_URL;
const HOUR = 3_600_000;
/** The sample loads' day in Tashkent: the links below were made on it, and the runs read them on it. */
const TODAY = PINNED_SAMPLE_DAY;
/** The newest sample load's posting: the start of the data set's day. */
const NEWEST_SAMPLE_MS = sampleDayStart(PINNED_SAMPLE_DAY) as number;

const alisher: FakeUser = { id: 7001, firstName: 'Alisher', username: 'alisher_haydovchi', languageCode: 'uz' };
const bobur: FakeUser = { id: 7002, firstName: 'Бобур', username: 'bobur_yuk', languageCode: 'uz' };
const sergei: FakeUser = { id: 7003, firstName: 'Сергей', username: 'sergei_gruz', languageCode: 'ru' };

let fake: FakeBotApi;
let folder: BotFolder;
let started: number;

beforeEach(async () => {
  fake = await startFakeBotApi();
  folder = botFolder('alerts-test');
  started = Date.now();
});

afterEach(async () => {
  await fake.close();
  folder.remove();
});

const stateFile = () => folder.alertsStateFile;
const env = (extra: Record<string, string> = {}) => alertsEnvFor(folder, fake, extra);

/** An hour after the newest sample load, and moving as the test runs. */
const clock = () => NEWEST_SAMPLE_MS + HOUR + (Date.now() - started);

function run(extra: Record<string, string> = {}, options: { clock?: () => number; requestTimeoutMs?: number } = {}): Promise<AlertsReport> {
  return runAlerts(alertsConfigFromEnv(env(extra)), { log: () => {}, ...options, clock: options.clock ?? clock });
}

/** The board without its `count` newest loads: they are posted after the people below keep their searches. */
const before = (count: number): Load[] => SAMPLE.slice(count);
/** A time between the board's newest load and the next one posted. */
const between = (count: number): number => Math.floor((postedAt(SAMPLE[count] as Load) + postedAt(SAMPLE[count - 1] as Load)) / 2);

const sends = () => fake.calls.filter((call) => call.method === 'sendMessage');
const state = (): AlertsState => readAlertsState(stateFile()) ?? fail('no state');
const linked = (message: FakeMessage | undefined) => [...(message?.text ?? '').matchAll(/\/load\/([^\s/]+)$/gm)].map((match) => match[1]);
const callbacks = (message: FakeMessage | undefined) =>
  ((message?.replyMarkup as { inline_keyboard?: Array<Array<{ callback_data?: string }>> } | null)?.inline_keyboard ?? [])
    .flat()
    .map((button) => button.callback_data)
    .filter(Boolean);

/** A token made by hand, as no board link makes it: the board's whole list with these filters. */
function encodeToken(filters: Partial<FilterValues>, vehicleIds: Record<string, string> = {}): string {
  const search = { language: 'uz' as const, scope: {}, place: null, filters: { ...NO_FILTERS, ...filters } };
  const encoded = encodeAlertToken(search, TODAY, vehicleIds);
  return 'token' in encoded ? encoded.token : fail(encoded.problem);
}

function fail(message: string): never {
  throw new Error(message);
}

describe('npm run telegram -- alerts: keeping a search', () => {
  it.each([
    ['uz', alisher, 'Yuklar: Toshkent → barcha yoʻnalishlar', 'Tent', 'Toʻxtatish'],
    ['uz-cyrl', bobur, 'Юклар: Тошкент → барча йўналишлар', 'Тент', 'Тўхтатиш'],
    ['ru', sergei, 'Грузы: Ташкент → все направления', 'Тент', 'Отписаться'],
  ] as const)(
    '/start with a token made in %s answers in that language: the list in words, what comes and how to stop',
    async (prefix, user, list, vehicle, stop) => {
      writeBoard(folder, before(20));
      fake.userSends(user, `/start ${tokenFor('/loads/from/toshkent', '?vehicle=Tent&weightMin=7.5', prefix, TODAY)}`);
      const report = await run();
      expect(report).toMatchObject({ subscribed: 1, refused: 0, answers: 1, alerts: 0 });
      const [answer] = fake.chatMessages(user.id);
      expect(answer?.text.split('\n')[1]).toContain(list);
      expect(answer?.text.split('\n')[1]).toContain(vehicle);
      expect(answer?.text).toContain('7,5');
      expect(answer?.text).toMatch(/15/);
      expect(answer?.text).toContain(`«${stop}»`);
      expect(answer?.text).toContain('/stop');
      expect(callbacks(answer)).toEqual(['stop:1']);
      // Nothing the update said about the person is kept: the chat's id and the search only.
      const kept = fs.readFileSync(stateFile(), 'utf8');
      expect(Object.keys(state().chats)).toEqual([String(user.id)]);
      for (const personal of [user.firstName, user.username ?? '', '/start', 'language_code', 'first_name'])
        expect(kept).not.toContain(personal);
    },
  );

  it('sends a new search the loads its list holds posted since its /start: the board’s own list, its first 10 and a link to the rest', async () => {
    writeBoard(folder, before(40));
    const query = '?weightMin=5';
    fake.userSends(alisher, `/start ${tokenFor('/loads', query, 'uz', TODAY)}`, between(40));
    await run();
    expect(sends()).toHaveLength(1);
    writeBoard(folder, SAMPLE);
    const expected = boardListIds(SAMPLE, '/loads', query, null, between(40), TODAY);
    expect(expected.length).toBeGreaterThan(10);
    const report = await run();
    expect(report).toMatchObject({ alerts: 1, loads: 10 });
    const alert = fake.chatMessages(alisher.id)[1];
    expect(linked(alert)).toEqual(expected.slice(0, 10));
    expect(alert?.text).toContain(`Yana ${expected.length - 10} ta yuk roʻyxatda:\n${SITE}/uz/loads?weightMin=5`);
    const buttons = (alert?.replyMarkup as { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> })
      .inline_keyboard;
    expect(buttons).toEqual([
      [{ text: 'Roʻyxatni ochish', url: `${SITE}/uz/loads?weightMin=5` }],
      [{ text: 'Toʻxtatish', callback_data: 'stop:1' }],
    ]);
    // Nothing new: nothing sent.
    const calls = sends().length;
    await run();
    expect(sends()).toHaveLength(calls);
  });

  it('counts a new search from its /start: loads already on the board then are never sent', async () => {
    writeBoard(folder, SAMPLE);
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, clock());
    await run();
    await run();
    expect(fake.chatMessages(alisher.id)).toHaveLength(1);
  });

  it.each([
    ['cut short', (token: string) => token.slice(0, -3)],
    ['of another site', () => 'ref_AbC123'],
  ])('answers a token %s politely, in the app’s language, and keeps nothing', async (_name, spoil) => {
    writeBoard(folder, SAMPLE);
    fake.userSends(sergei, `/start ${spoil(tokenFor('/loads/to/toshkent', '?vehicle=Labo', 'uz', TODAY))}`);
    const report = await run();
    expect(report).toMatchObject({ subscribed: 0, refused: 1, answers: 1 });
    expect(fake.chatMessages(sergei.id)[0]?.text).toMatch(/^Не удалось прочитать эту ссылку: она неполная или не с нашего сайта\./);
    expect(state().chats).toEqual({});
  });

  it.each([
    ['a weight no truck carries', () => tokenFor('/loads', '?weightMin=500', 'uz', TODAY)],
    ['a minimum above the maximum', () => encodeToken({ weight: { min: 20, max: 10 } })],
    ['a loading day years ahead', () => encodeToken({ loading: { from: '2049-01-01', to: null } })],
    ['a vehicle type the dictionary does not list', () => encodeToken({ vehicle: ['Ghost'] }, { ghost: '999' })],
  ])('answers a token holding %s as a broken one, and keeps nothing', async (_name, made) => {
    writeBoard(folder, SAMPLE);
    fake.userSends(sergei, `/start ${made()}`);
    expect(await run()).toMatchObject({ subscribed: 0, refused: 1, answers: 1 });
    expect(fake.chatMessages(sergei.id)[0]?.text).toMatch(/^Не удалось прочитать эту ссылку: она неполная или не с нашего сайта\./);
    expect(state().chats).toEqual({});
  });

  it('answers a token of another version that it cannot read, and keeps nothing', async () => {
    writeBoard(folder, SAMPLE);
    const bytes = Buffer.from(tokenFor('/loads', '?vehicle=Labo', 'uz', TODAY), 'base64url');
    bytes[0] = ALERT_TOKEN_VERSION + 1;
    let crc = 0;
    for (const byte of bytes.subarray(0, -1)) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
    bytes[bytes.length - 1] = crc;
    fake.userSends(alisher, `/start ${bytes.toString('base64url')}`);
    await run();
    expect(fake.chatMessages(alisher.id)[0]?.text).toMatch(/^Bu havola saytning boshqa versiyasida yaratilgan/);
    expect(state().chats).toEqual({});
  });

  it('keeps five searches a chat, says so for a sixth and keeps it not; the same search twice is one', async () => {
    writeBoard(folder, SAMPLE);
    const lists = [
      '/loads/from/toshkent',
      '/loads/to/toshkent',
      '/loads/from/samarqand',
      '/loads/to/buxoro',
      '/loads/from/andijon',
      '/loads/to/navoiy',
    ];
    for (const list of lists) fake.userSends(alisher, `/start ${tokenFor(list, '', 'uz', TODAY)}`);
    fake.userSends(alisher, `/start ${tokenFor('/loads/from/toshkent', '', 'ru', TODAY)}`);
    const report = await run();
    expect(report).toMatchObject({ subscribed: 5, refused: 1 });
    const answers = fake.chatMessages(alisher.id).map((message) => message.text);
    expect(answers[5]).toMatch(/^Bitta chatda koʻpi bilan 5 ta qidiruvga obuna boʻlish mumkin\./);
    expect(answers[6]).toBe('Вы уже подписаны на этот поиск: Грузы: Ташкент → все направления.');
    expect(state().chats[String(alisher.id)]?.map((one) => one.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('lists a chat’s searches with their board links, and /stop forgets the chat: nothing is sent to it after', async () => {
    writeBoard(folder, before(30));
    fake.userSends(sergei, `/start ${tokenFor('/loads/route/toshkent/samarqand', '?sort=loading', 'ru', TODAY)}`, between(30));
    fake.userSends(sergei, `/start ${tokenFor('/loads', '?search=Buxoro&vehicle=Gazel', 'ru', TODAY)}`, between(30));
    fake.userSends(sergei, '/list');
    await run();
    const list = fake.chatMessages(sergei.id)[2];
    expect(list?.text.split('\n')).toEqual([
      'Ваши подписки:',
      '1. Грузы: Ташкент → Самарканд, Сначала ближайшая погрузка',
      '2. Все грузы, «Бухара», Газель',
      '',
      '/list — ваши подписки, /stop — отписаться от всех.',
    ]);
    expect(list?.entities.filter((entity) => entity.type === 'text_link').map((entity) => entity.url)).toEqual([
      `${SITE}/ru/loads/route/toshkent/samarqand?sort=loading`,
      `${SITE}/ru/loads?search=%D0%91%D1%83%D1%85%D0%B0%D1%80%D0%B0&vehicle=Gazel`,
    ]);
    fake.userSends(sergei, '/stop');
    writeBoard(folder, SAMPLE);
    const report = await run();
    expect(report).toMatchObject({ stopped: 2, alerts: 0 });
    expect(fake.chatMessages(sergei.id).at(-1)?.text).toBe('Все подписки отменены и удалены. Больше не пишу.');
    expect(state().chats).toEqual({});
  });
});

describe('npm run telegram -- alerts: stopping, blocking and limits', () => {
  it('stops one search with the button under its alert, read at the next run before anything is sent', async () => {
    writeBoard(folder, before(40));
    fake.userSends(bobur, `/start ${tokenFor('/loads', '?weightMin=5', 'uz-cyrl', TODAY)}`, between(40));
    fake.userSends(bobur, `/start ${tokenFor('/loads', '?weightMax=5', 'uz-cyrl', TODAY)}`, between(40));
    await run();
    writeBoard(folder, before(20));
    await run();
    const alerts = fake.chatMessages(bobur.id).slice(2);
    expect(alerts).toHaveLength(2);
    const heavy = alerts.find((message) => callbacks(message).includes('stop:1')) ?? fail('no alert of search 1');
    fake.userPresses(bobur, heavy.id, 'stop:1');
    writeBoard(folder, SAMPLE);
    const callsBefore = fake.calls.length;
    const report = await run();
    expect(report.stopped).toBe(1);
    const calls = fake.calls.slice(callsBefore).map((call) => call.method);
    expect(calls.slice(0, 3)).toEqual(['getUpdates', 'answerCallbackQuery', 'sendMessage']);
    expect(fake.chatMessages(bobur.id).at(-2)?.text).toBe('Тўхтатилди: Барча юклар, камида 5 т.');
    const last = fake.chatMessages(bobur.id).at(-1);
    expect(callbacks(last)).toEqual(['stop:2']);
    expect(state().chats[String(bobur.id)]?.map((one) => one.id)).toEqual(['2']);
  });

  it('forgets a chat that blocked the bot (403), and sends it nothing again', async () => {
    writeBoard(folder, before(30));
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(30));
    fake.userSends(sergei, `/start ${tokenFor('/loads', '', 'ru', TODAY)}`, between(30));
    await run();
    fake.block(alisher);
    writeBoard(folder, SAMPLE);
    const report = await run();
    expect(report).toMatchObject({ forgotten: 1, alerts: 1 });
    expect(Object.keys(state().chats)).toEqual([String(sergei.id)]);
    const refused = sends().filter((call) => call.status === 403);
    expect(refused).toHaveLength(1);
    await run();
    expect(sends().filter((call) => String(call.body.chat_id) === String(alisher.id))).toHaveLength(2);
  });

  it('sends nothing more to a chat once it refused a message (403) in the same run', async () => {
    writeBoard(folder, SAMPLE);
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`);
    fake.userSends(alisher, '/list');
    fake.block(alisher);
    expect(await run()).toMatchObject({ forgotten: 1, answers: 0 });
    expect(sends().map((call) => call.status)).toEqual([403]);
    expect(state().chats).toEqual({});
  });

  it('forgets a chat when Telegram says it blocked the bot (my_chat_member), though its search is quiet', async () => {
    writeBoard(folder, SAMPLE);
    fake.userSends(alisher, `/start ${tokenFor('/loads/to/nukus', '?vehicle=Avtovoz', 'uz', TODAY)}`);
    fake.userSends(sergei, `/start ${tokenFor('/loads', '', 'ru', TODAY)}`);
    await run();
    fake.userBlocks(alisher);
    const report = await run();
    expect(report).toMatchObject({ updates: 1, forgotten: 1, answers: 0 });
    expect(Object.keys(state().chats)).toEqual([String(sergei.id)]);
    expect(fake.calls.filter((call) => call.method === 'getUpdates').map((call) => call.body.allowed_updates)).toContainEqual([
      'message',
      'callback_query',
      'my_chat_member',
    ]);
    expect(sends().filter((call) => call.status === 403)).toEqual([]);
  });

  it('waits a 429 out and sends the same alert once', async () => {
    writeBoard(folder, before(10));
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(10));
    await run();
    writeBoard(folder, SAMPLE);
    fake.answerNext('sendMessage', { status: 429, retryAfter: 1 });
    const report = await run();
    expect(report.alerts).toBe(1);
    const tries = sends().slice(1);
    expect(tries.map((call) => call.status)).toEqual([429, 200]);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(fake.chatMessages(alisher.id)).toHaveLength(2);
  });

  it('starts no alert past its time budget; the next run sends the rest, oldest first, each once', async () => {
    writeBoard(folder, before(30));
    const users = [alisher, bobur, sergei];
    // Each keeps the board from a later point: Alisher's alert holds the oldest loads.
    users.forEach((user, index) => fake.userSends(user, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(30 - index * 5)));
    await run();
    writeBoard(folder, SAMPLE);
    // A clock that moves 40 s with each message sent: the second alert would start past the budget.
    const [now, sent] = [clock(), sends().length];
    const report = await run({ TELEGRAM_TIME_BUDGET_SECONDS: '30' }, { clock: () => now + 40_000 * (sends().length - sent) });
    expect(report).toMatchObject({ alerts: 1, left: 2 });
    const alertsTo = (user: FakeUser) => fake.chatMessages(user.id).slice(1);
    expect(users.map((user) => alertsTo(user).length)).toEqual([1, 0, 0]);
    await run();
    expect(users.map((user) => alertsTo(user).length)).toEqual([1, 1, 1]);
    await run();
    expect(users.map((user) => alertsTo(user).length)).toEqual([1, 1, 1]);
  });
});

describe('npm run telegram -- alerts: what each chat is sent', () => {
  it('writes to each chat in its own search’s language when two chats keep the same list in two languages', async () => {
    writeBoard(folder, before(30));
    fake.userSends(alisher, `/start ${tokenFor('/loads/from/toshkent', '', 'uz', TODAY)}`, between(30));
    fake.userSends(sergei, `/start ${tokenFor('/loads/from/toshkent', '', 'ru', TODAY)}`, between(30));
    await run();
    writeBoard(folder, SAMPLE);
    expect(await run()).toMatchObject({ alerts: 2 });
    const uz = fake.chatMessages(alisher.id)[1] ?? fail('no alert in Uzbek');
    const ru = fake.chatMessages(sergei.id)[1] ?? fail('no alert in Russian');
    const buttons = (message: FakeMessage) =>
      (message.replyMarkup as { inline_keyboard: Array<Array<{ text: string }>> }).inline_keyboard.flat().map((button) => button.text);
    expect(uz.text).toContain('Yuklar: Toshkent → barcha yoʻnalishlar');
    expect(ru.text).toContain('Грузы: Ташкент → все направления');
    expect(ru.text).toMatch(new RegExp(`${SITE}/ru/load/`));
    expect(ru.text).not.toContain(`${SITE}/uz/`);
    expect(uz.text).not.toContain(`${SITE}/ru/`);
    expect(buttons(ru)).toEqual(['Открыть список', 'Отписаться']);
    expect(buttons(uz)).toEqual(['Roʻyxatni ochish', 'Toʻxtatish']);
    expect(linked(ru)).toEqual(linked(uz));
  });

  it('lists fewer loads rather than pass Telegram’s 4,096 characters, and the rest are behind the list’s link', async () => {
    writeBoard(folder, before(12));
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(12));
    await run();
    // Place names at the normalizer's cap: ten such loads make a message Telegram refuses.
    const long = (load: Load, index: number): Load => ({
      ...load,
      from: `${'Qishloq'.repeat(28)}${index}`.slice(0, 200),
      to: 'Ж'.repeat(200),
    });
    writeBoard(folder, [...SAMPLE.slice(0, 12).map(long), ...before(12)]);
    expect(await run()).toMatchObject({ alerts: 1, failed: 0 });
    const [call] = sends().slice(1);
    expect(call?.status).toBe(200);
    const alert = fake.chatMessages(alisher.id)[1] ?? fail('no alert');
    expect(alert.text.length).toBeLessThanOrEqual(4096);
    const shown = linked(alert).length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(10);
    expect(alert.text).toContain(`Yana ${12 - shown} ta yuk roʻyxatda:\n${SITE}/uz/loads`);
  });
});

describe('npm run telegram -- alerts: a kept trip', () => {
  const ROUTE = '/loads/route/toshkent/navoiy';
  const TRIP = { from: 'toshkent', to: 'navoiy' };

  it.each([
    [
      'uz',
      alisher,
      'Yoʻl-yoʻlakay yuk, qoʻshimcha yoʻl +{km} km',
      'Yoʻl-yoʻlakay yuklar ham keladi: yoʻlni koʻpi bilan {km} km uzaytiradiganlari, har biri qoʻshimcha yoʻli bilan.',
    ],
    [
      'uz-cyrl',
      bobur,
      'Йўл-йўлакай юк, қўшимча йўл +{km} км',
      'Йўл-йўлакай юклар ҳам келади: йўлни кўпи билан {km} км узайтирадиганлари, ҳар бири қўшимча йўли билан.',
    ],
    [
      'ru',
      sergei,
      'Попутный груз, крюк +{km} км',
      'Попутные грузы тоже придут: те, что удлиняют путь не больше чем на {km} км, каждый с указанием крюка.',
    ],
  ] as const)(
    'sends a kept route its new loads on the way too, in %s, each marked with its detour',
    async (prefix, user, marker, promise) => {
      writeBoard(folder, before(40));
      fake.userSends(user, `/start ${tokenFor(ROUTE, '', prefix, TODAY)}`, between(40));
      await run();
      // The answer to /start says the loads on the way come too, and how far off the road they may lie.
      expect(fake.chatMessages(user.id)[0]?.text.split('\n\n')).toContain(promise.replace('{km}', String(plainDetourLimitKm(TRIP))));
      writeBoard(folder, SAMPLE);
      const own = boardListIds(SAMPLE, ROUTE, '', null, between(40), TODAY);
      const way = plainOnTheWay(SAMPLE.slice(0, 40), TRIP, EMPTY_QUERY);
      expect(way.length).toBeGreaterThan(1);
      expect(await run()).toMatchObject({ alerts: 1, loads: Math.min(10, own.length + way.length) });
      const alert = fake.chatMessages(user.id)[1];
      // The route's own loads first, in its order; then those on the way, the smallest detour first.
      expect(linked(alert)).toEqual([...own, ...way.map(([id]) => id)].slice(0, 10));
      for (const [id, km] of way.slice(0, 10 - own.length)) {
        const block = alert?.text.split('\n\n').find((one) => one.endsWith(`/load/${id}`));
        expect([id, block?.split('\n')[1]]).toEqual([id, marker.replace('{km}', String(km))]);
      }
      // A load of the route itself says nothing of a detour.
      for (const id of own) expect(alert?.text.split('\n\n').find((one) => one.endsWith(`/load/${id}`))).not.toContain('+');
    },
  );

  it('keeps the list’s filters on the loads on the way, and sends nothing twice', async () => {
    writeBoard(folder, before(40));
    fake.userSends(alisher, `/start ${tokenFor(ROUTE, '?vehicle=Tent', 'uz', TODAY)}`, between(40));
    await run();
    writeBoard(folder, SAMPLE);
    const way = plainOnTheWay(SAMPLE.slice(0, 40), TRIP, parseBoardQuery('?vehicle=Tent', { placeList: true }));
    const own = boardListIds(SAMPLE, ROUTE, '?vehicle=Tent', null, between(40), TODAY);
    expect(way.length).toBeGreaterThan(0);
    await run();
    expect(linked(fake.chatMessages(alisher.id)[1])).toEqual([...own, ...way.map(([id]) => id)].slice(0, 10));
    const calls = sends().length;
    await run();
    expect(sends()).toHaveLength(calls);
  });
});

describe('npm run telegram -- alerts: a clock gone wrong', () => {
  it('lets a load stamped a year ahead move no cursor past the run’s clock: every search still gets its new loads', async () => {
    writeBoard(folder, before(30));
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(30));
    fake.userSends(sergei, `/start ${tokenFor('/loads', '?vehicle=Avtovoz', 'ru', TODAY)}`, between(30));
    fake.userSends(bobur, `/start ${tokenFor('/loads', '?weightMin=5', 'uz-cyrl', TODAY)}`, between(30));
    await run();
    const future: Load = {
      ...(SAMPLE[0] as Load),
      id: 'future-1',
      weight: 1,
      vehicleType: 'Avtovoz',
      createdAt: new Date(NEWEST_SAMPLE_MS + 365 * 24 * HOUR).toISOString(),
    };
    writeBoard(folder, [future, ...SAMPLE]);
    const second = await run();
    expect(second.alerts).toBe(2);
    for (const subscriptions of Object.values(state().chats))
      for (const subscription of subscriptions) expect(subscription.since.at).toBeLessThanOrEqual(clock());
    // Loads posted after that run, before the clock: each search that holds them hears of them.
    const fresh = SAMPLE.slice(0, 3).map((load, index) => ({
      ...load,
      id: `fresh-${index}`,
      weight: 20,
      createdAt: new Date(clock() + 1000 + index).toISOString(),
    }));
    writeBoard(folder, [future, ...fresh, ...SAMPLE]);
    const later = clock() + 60_000;
    const third = await run({}, { clock: () => later });
    expect(third.alerts).toBe(2);
    for (const user of [alisher, bobur])
      expect(linked(fake.chatMessages(user.id).at(-1)).sort()).toEqual(['fresh-0', 'fresh-1', 'fresh-2']);
    expect(fake.chatMessages(sergei.id)).toHaveLength(1);
  });
});

/** Drivers who each keep one search in the same run. */
const drivers = (count: number): FakeUser[] =>
  Array.from({ length: count }, (_, index) => ({ id: 8001 + index, firstName: `Haydovchi ${index}`, languageCode: 'uz' }));

describe('npm run telegram -- alerts: answers', () => {
  it('sends the answers a run had no time for in the next run, each once', async () => {
    writeBoard(folder, SAMPLE);
    const users = drivers(6);
    for (const user of users) fake.userSends(user, `/start ${tokenFor('/loads/from/toshkent', '', 'uz', TODAY)}`);
    // A clock that moves 40 s with each message sent: the second answer would start past the budget.
    const [now, sent] = [clock(), sends().length];
    const cut = await run({ TELEGRAM_TIME_BUDGET_SECONDS: '30' }, { clock: () => now + 40_000 * (sends().length - sent) });
    expect(cut).toMatchObject({ subscribed: 6, answers: 1 });
    const next = await run();
    expect(next).toMatchObject({ updates: 0, answers: 5 });
    await run();
    expect(users.map((user) => fake.chatMessages(user.id).length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(fake.chatMessages(users[5]?.id ?? 0)[0]?.text).toMatch(/^Obuna boʻldingiz:/);
  });
});

describe('npm run telegram -- alerts: when Telegram is unwell', () => {
  it('goes on with the alerts when the button’s answer fails (500s): the search is stopped all the same', async () => {
    writeBoard(folder, before(40));
    fake.userSends(bobur, `/start ${tokenFor('/loads', '?weightMin=5', 'uz-cyrl', TODAY)}`, between(40));
    fake.userSends(sergei, `/start ${tokenFor('/loads', '', 'ru', TODAY)}`, between(40));
    await run();
    const [started] = fake.chatMessages(bobur.id);
    fake.userPresses(bobur, started?.id ?? 0, 'stop:1');
    fake.answerNext('answerCallbackQuery', { status: 500 }, 4);
    writeBoard(folder, SAMPLE);
    const report = await run();
    expect(report).toMatchObject({ stopped: 1, alerts: 1 });
    expect(fake.chatMessages(bobur.id).at(-1)?.text).toMatch(/^Тўхтатилди:/);
    expect(fake.chatMessages(sergei.id)).toHaveLength(2);
    expect(state().chats[String(bobur.id)]).toBeUndefined();
  });

  it('ends the run cleanly when Telegram asks getUpdates to wait past the budget, and the next run reads them', async () => {
    writeBoard(folder, SAMPLE);
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`);
    fake.answerNext('getUpdates', { status: 429, retryAfter: 60 });
    expect(await run({ TELEGRAM_TIME_BUDGET_SECONDS: '10' })).toMatchObject({ updates: 0, answers: 0 });
    expect(await run()).toMatchObject({ updates: 1, subscribed: 1, answers: 1 });
  });

  it('tries getUpdates no more once the budget is spent when Telegram stops answering', async () => {
    writeBoard(folder, SAMPLE);
    fake.holdAll('getUpdates');
    // One try outlives the one-second budget: a run that tried again would outlive it by a try each.
    await expect(run({ TELEGRAM_TIME_BUDGET_SECONDS: '1' }, { clock: Date.now, requestTimeoutMs: 1_500 })).rejects.toThrow(/getUpdates/);
    expect(fake.calls.filter((call) => call.method === 'getUpdates')).toHaveLength(1);
  });

  it('starts no other message once the budget is spent when a send never gets its answer', async () => {
    writeBoard(folder, before(30));
    const users = drivers(3);
    for (const user of users) fake.userSends(user, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(30));
    await run();
    writeBoard(folder, SAMPLE);
    fake.holdAll('sendMessage');
    const report = await run({ TELEGRAM_TIME_BUDGET_SECONDS: '1' }, { clock: Date.now, requestTimeoutMs: 1_500 });
    expect(report).toMatchObject({ alerts: 0, failed: 1, left: 2 });
    expect(sends().slice(3)).toHaveLength(1);
  });

  it('leaves the answers to the next run when Telegram asks one to wait past the budget, and sends each once', async () => {
    writeBoard(folder, SAMPLE);
    const users = drivers(3);
    for (const user of users) fake.userSends(user, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`);
    fake.answerNext('sendMessage', { status: 429, retryAfter: 60 });
    expect(await run({ TELEGRAM_TIME_BUDGET_SECONDS: '10' })).toMatchObject({ subscribed: 3, answers: 0 });
    expect(await run()).toMatchObject({ updates: 0, answers: 3 });
    expect(users.map((user) => fake.chatMessages(user.id).length)).toEqual([1, 1, 1]);
  });
});

describe('npm run telegram -- alerts: the build’s clock', () => {
  it('moves no cursor past the time the build wrote its board, though the run’s clock is later', async () => {
    writeBoard(folder, before(30));
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(30));
    await run();
    const built = NEWEST_SAMPLE_MS + HOUR / 2;
    const ahead: Load = { ...(SAMPLE[0] as Load), id: 'after-the-build', createdAt: new Date(built + 60_000).toISOString() };
    writeBoard(folder, [ahead, ...SAMPLE]);
    const board = path.join(folder.publicDir, PUBLISHED_BOARD_FILE);
    fs.utimesSync(board, new Date(built), new Date(built));
    expect(await run()).toMatchObject({ alerts: 1 });
    expect(linked(fake.chatMessages(alisher.id).at(-1))).not.toContain('after-the-build');
    expect(state().chats[String(alisher.id)]?.[0]?.since.at).toBeLessThanOrEqual(built);
  });
});

describe('npm run telegram -- alerts, the real command', () => {
  it.each([
    ['after Telegram carried it out', 'after' as const, 1],
    ['before Telegram carried it out', 'before' as const, 0],
  ])(
    'killed while an alert is held %s, sends nothing twice: the next run counts it as sent and sends the others',
    async (_name, hold, held) => {
      writeBoard(folder, before(30));
      // Kept from now: the sample's loads are in the past, so the new ones below are dated after it.
      const now = Date.now();
      for (const user of [alisher, bobur, sergei]) fake.userSends(user, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, now - HOUR);
      const fresh = SAMPLE.slice(0, 30).map((load, index) => ({
        ...load,
        createdAt: new Date(now - 30 * 60_000 + index * 1000).toISOString(),
      }));
      const first = startCli('tools/telegram/cli.ts', ['alerts'], env());
      expect((await first.exited).code).toBe(0);
      writeBoard(folder, [...fresh, ...before(30)]);
      fake.holdNext('sendMessage', hold, 1);
      const killed = startCli('tools/telegram/cli.ts', ['alerts'], env());
      await waitFor(() => sends().filter((call) => call.status === 0).length === 1);
      killed.process.kill('SIGKILL');
      await killed.exited;
      const again = startCli('tools/telegram/cli.ts', ['alerts'], env());
      const { code, stdout } = await again.exited;
      expect(code).toBe(0);
      const alerts = [alisher, bobur, sergei].map((user) => fake.chatMessages(user.id).length - 1);
      // One alert each, the held one only if Telegram carried it out; never two.
      expect(alerts.sort()).toEqual(held ? [1, 1, 1] : [0, 1, 1]);
      // The log counts; it names no chat.
      for (const user of [alisher, bobur, sergei]) expect(stdout).not.toContain(String(user.id));
      expect(fs.existsSync(`${stateFile()}.journal`)).toBe(false);
    },
  );

  it('killed at its third answer, sends the answers not yet tried in the next run, and none twice', async () => {
    writeBoard(folder, SAMPLE);
    const users = drivers(6);
    for (const user of users) fake.userSends(user, `/start ${tokenFor('/loads/from/toshkent', '', 'uz', TODAY)}`);
    fake.holdNext('sendMessage', 'after', 2);
    const killed = startCli('tools/telegram/cli.ts', ['alerts'], env());
    await waitFor(() => sends().filter((call) => call.status === 0).length === 1);
    killed.process.kill('SIGKILL');
    await killed.exited;
    expect((await startCli('tools/telegram/cli.ts', ['alerts'], env()).exited).code).toBe(0);
    expect(users.map((user) => fake.chatMessages(user.id).length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(Object.keys(state().chats)).toHaveLength(6);
  });

  it('never says nothing was sent when Telegram becomes unreachable after some alerts went out', async () => {
    writeBoard(folder, before(30));
    const users = drivers(4);
    for (const user of users) fake.userSends(user, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(30));
    await run();
    writeBoard(folder, SAMPLE);
    fake.holdNext('sendMessage', 'before', 2);
    const cut = startCli('tools/telegram/cli.ts', ['alerts'], env());
    await waitFor(() => sends().filter((call) => call.status === 0).length === 1);
    await fake.close();
    const { code, stderr } = await cut.exited;
    expect(code).toBe(1);
    const line = stderr.split('\n').find((one) => one.startsWith('npm run')) ?? fail('no line');
    // The held send's socket is cut, and the next finds the port closed (or a pooled socket cut too).
    expect(line).toMatch(/is unreachable \(ECONNREFUSED\)|gave no answer to sendMessage/);
    expect(line).not.toMatch(/nothing was sent/);
    expect(line).toMatch(/2 alerts/);
    expect(users.map((user) => fake.chatMessages(user.id).length).sort()).toEqual([1, 1, 2, 2]);
  });

  it('skips a journal line that is no alert of ours (null, a number, a list) and reads the others', async () => {
    writeBoard(folder, before(30));
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(30));
    await run();
    fs.writeFileSync(`${stateFile()}.journal`, 'null\n42\n[]\n"stop"\n{"chat":null}\n');
    writeBoard(folder, SAMPLE);
    expect(await run()).toMatchObject({ alerts: 1 });
    const { code } = await startCli('tools/telegram/cli.ts', ['alerts'], env()).exited;
    expect(code).toBe(0);
  });

  it.each([
    ['no token', () => ({ TELEGRAM_ALERTS_BOT_TOKEN: '' }), /^npm run telegram -- alerts: Set TELEGRAM_ALERTS_BOT_TOKEN to /],
    ['a refused token (401)', () => ({ TELEGRAM_ALERTS_BOT_TOKEN: '123:wrong' }), /refused the alerts bot's token \(401 Unauthorized\)/],
    [
      'a missing board',
      () => ({ PUBLIC_DIR: path.join(folder.dir, 'nowhere') }),
      /cannot read the board the build published, .*board\.json \(ENOENT\)/,
    ],
    [
      'SITE_URL on this machine',
      () => ({ SITE_URL: 'http://localhost:9000' }),
      /SITE_URL is "http:\/\/localhost:9000", an address only this machine/,
    ],
  ])('fails with one line naming the cause: %s', async (_name, extra, expected) => {
    writeBoard(folder, SAMPLE);
    const { code, stderr, stdout } = await startCli('tools/telegram/cli.ts', ['alerts'], env(extra())).exited;
    expect(code).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.startsWith('npm run'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(stderr + stdout).not.toMatch(/\n\s+at /);
    expect(stderr + stdout).not.toContain(fake.token);
  });
});

describe('the alerts’ state in the bucket, where the CDN does not serve it', () => {
  let s3: LocalS3;
  beforeEach(async () => {
    s3 = await startLocalS3();
  });
  afterEach(async () => {
    await s3.close();
  });

  const bucketEnv = () => ({
    DEPLOY_BUCKET: s3.bucket,
    DEPLOY_STATE_BUCKET: s3.stateBucket,
    DEPLOY_ENDPOINT: s3.endpoint,
    DEPLOY_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
  });
  const kept = async () => {
    const object = await readObject(s3.client, stateObject(s3.config(), TELEGRAM_ALERTS_STATE_KEY));
    return object ? ALERTS_STATE.parse(Buffer.from(object.body).toString('utf8'), 'bucket') : null;
  };

  it('is taken and given back by each run beside the channel’s, and a run starts from it without a file', async () => {
    writeBoard(folder, before(20));
    fake.userSends(alisher, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, between(20));
    await runAlerts(alertsConfigFromEnv(env(bucketEnv())), { log: () => {}, clock, s3Client: s3.client });
    expect(await kept()).toMatchObject({ generation: 1, taken: null, chats: { [String(alisher.id)]: [{ id: '1' }] } });
    expect(await readObject(s3.client, stateObject(s3.config(), TELEGRAM_STATE_KEY))).toBeNull();
    // A fresh machine (the workflow's runner): no file, the bucket's copy.
    fs.rmSync(stateFile());
    writeBoard(folder, SAMPLE);
    const report = await runAlerts(alertsConfigFromEnv(env(bucketEnv())), { log: () => {}, clock, s3Client: s3.client });
    expect(report.alerts).toBe(1);
    expect(await kept()).toMatchObject({ generation: 2, taken: null });
  });

  it('stops a run while a killed run never gave it back, and `upload` gives back the killed run’s file with its journal counted', async () => {
    writeBoard(folder, before(30));
    const now = Date.now();
    for (const user of [alisher, bobur]) fake.userSends(user, `/start ${tokenFor('/loads', '', 'uz', TODAY)}`, now - HOUR);
    const fresh = SAMPLE.slice(0, 30).map((load, index) => ({
      ...load,
      createdAt: new Date(now - 30 * 60_000 + index * 1000).toISOString(),
    }));
    expect((await startCli('tools/telegram/cli.ts', ['alerts'], { ...env(), ...bucketEnv() }).exited).code).toBe(0);
    writeBoard(folder, [...fresh, ...before(30)]);
    fake.holdNext('sendMessage', 'after');
    const killed = startCli('tools/telegram/cli.ts', ['alerts'], { ...env(), ...bucketEnv() });
    await waitFor(() => sends().filter((call) => call.status === 0).length === 1);
    killed.process.kill('SIGKILL');
    await killed.exited;
    expect(fs.existsSync(`${stateFile()}.journal`)).toBe(true);
    expect((await kept())?.taken).not.toBeNull();
    // Another machine, without the file: the copy was never given back.
    const elsewhere = path.join(folder.dir, 'elsewhere.json');
    const refused = await startCli('tools/telegram/cli.ts', ['alerts'], {
      ...env({ TELEGRAM_ALERTS_STATE_FILE: elsewhere }),
      ...bucketEnv(),
    }).exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /never gave it back, so chats may hold alerts it does not list: upload that run's state file \(npm run telegram:state -- alerts upload\)/,
    );
    // The workflow's step after the run: the file, with what was in flight counted as sent.
    expect(await uploadState(s3.config(), stateFile(), s3.client, ALERTS_STATE)).toBe('uploaded');
    expect(await releaseState(s3.config(), s3.client, ALERTS_STATE)).toBe('none');
    fs.rmSync(stateFile(), { force: true });
    fs.rmSync(`${stateFile()}.journal`, { force: true });
    const again = await startCli('tools/telegram/cli.ts', ['alerts'], { ...env({ TELEGRAM_ALERTS_STATE_FILE: elsewhere }), ...bucketEnv() })
      .exited;
    expect(again.code).toBe(0);
    expect([alisher, bobur].map((user) => fake.chatMessages(user.id).length - 1).sort()).toEqual([1, 1]);
  });
});

describe('what the privacy page says the alerts keep', () => {
  it.each([
    ['uz', 'Telegram buni botga bildiradi'],
    ['uz-cyrl', 'Telegram буни ботга билдиради'],
    ['ru', 'Telegram сообщит ему об этом'],
  ])('says in %s that the time of each /start is kept, and that a chat goes once Telegram says it blocked the bot', (prefix, told) => {
    const page = JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', prefix, 'alerts-privacy.json'), 'utf8')) as { paragraphs: string[] };
    const text = page.paragraphs.join('\n');
    expect(text).toMatch(/\/start/);
    expect(text).toContain(told);
  });
});

describe('the words beside the link', () => {
  const bundle = (prefix: string) =>
    JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', prefix, 'loads.json'), 'utf8')) as {
      share: { telegram: string };
      saved: { alerts: Record<string, string> };
    };

  it.each(['uz', 'uz-cyrl', 'ru'])('in %s, name a bot to follow, unlike the share link beside it', (prefix) => {
    const { share, saved } = bundle(prefix);
    const link = saved.alerts.link ?? '';
    expect(link).toMatch(/bot|бот/i);
    // Read at a glance: they start apart.
    expect(link.slice(0, 2).toLowerCase()).not.toBe(share.telegram.slice(0, 2).toLowerCase());
  });

  it.each(['uz', 'uz-cyrl', 'ru'])(
    'in %s, say what comes, how often and how to stop, and promise no time the rebuild may not keep',
    (prefix) => {
      const whens = Object.entries(bundle(prefix).saved.alerts).filter(([key]) => key.startsWith('when_'));
      expect(whens.length).toBeGreaterThan(0);
      for (const [, when] of whens) {
        expect(when).toMatch(/\/stop/);
        expect(when).toContain('{{count}}');
        expect(when).not.toMatch(/server|сервер/i);
        // The interval is how often, never how soon: a build and a deploy come after the cron, and a failed build sends nothing.
        expect(when).not.toMatch(/(ichida|в течение)\s*\{\{count\}\}|\{\{count\}\}\s*(daqiqa|дақиқа)\s*(ichida|ичида)/);
      }
    },
  );
});

describe('when the bot answers', () => {
  it('is what the board promises: the rebuild workflow runs the alerts every REBUILD_INTERVAL_MINUTES', () => {
    const workflow = fs.readFileSync(path.join(ROOT, '.github/workflows/rebuild.yml'), 'utf8');
    expect(/cron: '\*\/(\d+) \* \* \* \*'/.exec(workflow)?.[1]).toBe(String(REBUILD_INTERVAL_MINUTES));
    expect(workflow).toMatch(/run: npm run telegram -- alerts\n/);
    expect(workflow).toMatch(/run: npm run telegram:state -- alerts upload\n/);
  });
});
