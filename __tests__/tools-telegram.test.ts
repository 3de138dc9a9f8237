/**
 * `npm run telegram` against a fake Bot API started here (tools/harness/fake-bot-api.ts), on boards
 * made from the sample API's deterministic loads the way the build publishes them. Runs that must fail
 * or be killed run the real command as a child process.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generateLoads, HOSTILE_LOAD_ID, HOSTILE_TITLE } from '../tools/sample-api/data';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { languageByPrefix } from '../src/config/languages';
import { type PublishedLoad, publishedBoard } from '../src/feeds/published-board';
import { placeLabel } from '../src/places/names';
import { formatReaderDate } from '../src/loads/reader-date';
import { type LocalS3, startLocalS3 } from '../tools/deploy/local-s3';
import { ObjectChangedError, readObject, writeObjectIfUnchanged } from '../tools/deploy/conditional-object';
import type { DeployConfig } from '../tools/deploy/deploy';
import { stateObject, TELEGRAM_STATE_KEY } from '../tools/deploy/state-location';
import { downloadState, releaseState, uploadState } from '../tools/telegram/bucket-state';
import { telegramConfigFromEnv, type TelegramConfig } from '../tools/telegram/config';
import { openPost, postBody } from '../tools/telegram/post';
import { describeFailedMessage, type FailedMessage, MAX_FAILED_RUNS, runTelegram, type RunReport } from '../tools/telegram/run';
import { parseState, readState, type TelegramState } from '../tools/telegram/state';
import { telegramTranslator } from '../tools/telegram/texts';
import { type BotFolder, botFolder, TEST_SITE_URL } from '../tools/harness/bot-folder';
import { type FakeBotApi, startFakeBotApi } from '../tools/harness/fake-bot-api';
import { startCli, waitFor } from './support/cli-process';

const SITE = TEST_SITE_URL;
const SAMPLE = generateLoads(130).map(normalizeLoad);

/** The sample board of `count` loads, leaving out the `skipNewest` newest (they are "posted later"). */
function sampleBoard(count: number, skipNewest = 0): Load[] {
  return SAMPLE.slice(skipNewest, skipNewest + count);
}

let fake: FakeBotApi;
let folder: BotFolder;
let dir: string;

beforeEach(async () => {
  fake = await startFakeBotApi();
  folder = botFolder('telegram-test');
  dir = folder.dir;
});

afterEach(async () => {
  await fake.close();
  folder.remove();
});

const writeBoard = (loads: readonly Load[]) => folder.publish(publishedBoard(loads));

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_CHAT_ID: fake.chat,
    TELEGRAM_API_URL: fake.url,
    TELEGRAM_STATE_FILE: path.join(dir, 'state.json'),
    TELEGRAM_MIN_INTERVAL_MS: '0',
    PUBLIC_DIR: folder.publicDir,
    SITE_URL: SITE,
    ...extra,
  };
}

function config(extra: Record<string, string> = {}): TelegramConfig {
  return telegramConfigFromEnv(env(extra));
}

function run(extra: Record<string, string> = {}): Promise<RunReport> {
  return runTelegram(config(extra), { log: () => {} });
}

const sends = () => fake.calls.filter((call) => call.method === 'sendMessage');
const edits = () => fake.calls.filter((call) => call.method === 'editMessageText');

/** The load each of the bot's posts links to, in channel order. */
function postedIds(): string[] {
  return fake.botPosts().map((message) => /\/load\/([^\s/]+)$/m.exec(message.text)?.[1] ?? `(no link: ${message.text})`);
}

function newestFirst(loads: readonly Load[]): string[] {
  return publishedBoard(loads).loads.map((load) => load.id);
}

describe('npm run telegram', () => {
  it('posts only the newest 10 of 120 loads on a first run, oldest first, and records the rest as seen', async () => {
    const board = sampleBoard(120);
    writeBoard(board);
    const report = await run();
    expect(sends()).toHaveLength(10);
    expect(postedIds()).toEqual(newestFirst(board).slice(0, 10).reverse());
    expect(report).toMatchObject({ posted: 10, seen: 110, closed: 0 });
    const state = readState(path.join(dir, 'state.json'));
    expect(Object.keys(state?.posts ?? {})).toHaveLength(120);
    expect(Object.values(state?.posts ?? {}).filter((record) => record.message !== null)).toHaveLength(10);
  });

  it('makes no call at all when the board has not changed', async () => {
    writeBoard(sampleBoard(120));
    await run();
    const before = fake.calls.length;
    const report = await run();
    expect(fake.calls.length - before).toBe(0);
    expect(report.requests).toBe(0);
  });

  it('posts two new loads once each, in the order they were posted', async () => {
    writeBoard(sampleBoard(120, 2));
    await run();
    writeBoard(sampleBoard(122));
    const before = sends().length;
    await run();
    expect(sends().length - before).toBe(2);
    expect(postedIds().slice(-2)).toEqual(newestFirst(sampleBoard(2)).reverse());
    await run();
    expect(sends().length - before).toBe(2);
  });

  it('marks the post of a load that left the board as closed, once, and makes no call for a load it never posted', async () => {
    const board = sampleBoard(120);
    writeBoard(board);
    await run();
    const [newest] = newestFirst(board);
    const oldest = newestFirst(board).at(-1);
    writeBoard(board.filter((load) => load.id !== newest && load.id !== oldest));
    const report = await run();
    expect(report).toMatchObject({ posted: 0, closed: 1 });
    expect(edits()).toHaveLength(1);
    const post = fake.botPosts().find((message) => message.id === Number(edits()[0]?.body.message_id));
    expect(post?.text.split('\n')[0]).toBe('Eʼlon yopildi: bu yuk endi roʻyxatda yoʻq.');
    expect(post?.entities.some((entity) => entity.type === 'strikethrough')).toBe(true);
    expect(post?.text).not.toContain(`/load/${newest}`);
    expect(post?.replyMarkup).toBeNull();
    expect(fake.botPosts()).toHaveLength(10);
    await run();
    expect(edits()).toHaveLength(1);
    expect(readState(path.join(dir, 'state.json'))?.posts[oldest as string]).toBeUndefined();
  });

  it('edits the post of a load back on the board to its open post: one edit, no new post', async () => {
    const board = sampleBoard(120);
    writeBoard(board);
    await run();
    const [newest] = newestFirst(board);
    const posted = fake.botPosts().find((message) => message.text.includes(`/load/${newest}`));
    const open = { text: posted?.text, replyMarkup: posted?.replyMarkup };
    writeBoard(board.filter((load) => load.id !== newest));
    expect(await run()).toMatchObject({ closed: 1 });
    expect(fake.botPosts().find((message) => message.id === posted?.id)?.text).not.toBe(open.text);
    const before = { sends: sends().length, edits: edits().length };
    writeBoard(board);
    expect(await run()).toMatchObject({ posted: 0, closed: 0, reopened: 1 });
    expect(sends().length).toBe(before.sends);
    expect(edits().length - before.edits).toBe(1);
    expect(Number(edits().at(-1)?.body.message_id)).toBe(posted?.id);
    const reopened = fake.botPosts().find((message) => message.id === posted?.id);
    expect({ text: reopened?.text, replyMarkup: reopened?.replyMarkup }).toEqual(open);
    // Open again, it is a post like any other: nothing more to do while it stays, closed once when it goes.
    const calls = fake.calls.length;
    await run();
    expect(fake.calls.length).toBe(calls);
    writeBoard(board.filter((load) => load.id !== newest));
    expect(await run()).toMatchObject({ closed: 1, reopened: 0 });
  });

  it('honours TELEGRAM_FIRST_POSTS on a first run', async () => {
    writeBoard(sampleBoard(120));
    const report = await run({ TELEGRAM_FIRST_POSTS: '3' });
    expect(sends()).toHaveLength(3);
    expect(report.seen).toBe(117);
  });

  it('keeps markup and script in load text as text', async () => {
    const hostile: Load[] = [
      { ...(SAMPLE[0] as Load), id: 'h1', title: '<script>alert(1)</script>', from: '<b>Toshkent</b>', vehicleType: 'Tent & <i>Fura</i>' },
      { ...(SAMPLE[1] as Load), id: 'h2', title: 'Tom & Jerry <b>bold</b> &amp; </s>', to: 'A > B' },
    ];
    writeBoard([...hostile, ...sampleBoard(120)]);
    await run({ TELEGRAM_FIRST_POSTS: '12' });
    expect(sends().every((call) => call.status === 200)).toBe(true);
    const textOf = (id: string) => fake.botPosts().find((message) => message.text.includes(`/load/${id}`));
    const h1 = textOf('h1');
    const h2 = textOf('h2');
    expect(h1?.text).toContain('<script>alert(1)</script>');
    expect(h1?.text).toContain('<b>Toshkent</b> → ');
    expect(h1?.text).toContain('Transport: Tent & <i>Fura</i>');
    expect(h2?.text).toContain('Tom & Jerry <b>bold</b> &amp; </s>');
    expect(h2?.text).toContain(' → A > B');
    expect(textOf(HOSTILE_LOAD_ID)?.text).toContain(HOSTILE_TITLE);
    // The only formatting is the tool's own: the route in bold.
    for (const message of [h1, h2]) expect(message?.entities).toEqual([{ type: 'bold', offset: 0, length: message?.text.indexOf('\n') }]);
  });

  it('waits out a 429 retry_after and then sends the same message, once', async () => {
    writeBoard(sampleBoard(120, 2));
    await run();
    writeBoard(sampleBoard(122));
    fake.answerNext('sendMessage', { status: 429, retryAfter: 1 });
    const before = sends().length;
    await run();
    const calls = sends().slice(before);
    expect(calls.map((call) => call.status)).toEqual([429, 200, 200]);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(calls[1]?.body.text).toBe(calls[0]?.body.text);
    expect(postedIds().slice(-2)).toEqual(newestFirst(sampleBoard(2)).reverse());
  });

  it('keeps at least TELEGRAM_MIN_INTERVAL_MS between two calls', async () => {
    writeBoard(sampleBoard(120));
    await run({ TELEGRAM_FIRST_POSTS: '4', TELEGRAM_MIN_INTERVAL_MS: '250' });
    const times = sends().map((call) => call.at);
    expect(times).toHaveLength(4);
    for (let index = 1; index < times.length; index += 1)
      expect((times[index] as number) - (times[index - 1] as number)).toBeGreaterThanOrEqual(250);
  });

  it('after a 5xx on a send, edits no message and sends the load again on the next run (a duplicate at worst)', async () => {
    writeBoard(sampleBoard(120, 4));
    await run();
    // Lost: the proxy's 502 page, nothing posted. Then an answer lost after the post was made.
    writeBoard(sampleBoard(123, 1));
    fake.answerNext('sendMessage', { status: 502, html: true });
    const first = await run();
    expect(first.failed).toEqual([expect.objectContaining({ action: 'post', runs: 0, gaveUp: false })]);
    expect(first.posted).toBe(2);
    writeBoard(sampleBoard(124));
    fake.answerNext('sendMessage', { status: 500, performFirst: true });
    await run();
    await run();
    // Every load of the four is in the channel; the one whose answer was lost twice.
    expect(new Set(postedIds().slice(10))).toEqual(new Set(newestFirst(sampleBoard(4))));
    expect(postedIds().length - new Set(postedIds()).size).toBe(1);
    expect(edits()).toEqual([]);
    expect(fake.botPosts().every((message) => message.edits === 0)).toBe(true);
  });

  it('stops after two sends in a row get no answer (the API is unwell, not the loads), and the next run posts them', async () => {
    writeBoard(sampleBoard(120, 3));
    await run();
    writeBoard(sampleBoard(123));
    fake.answerNext('sendMessage', { status: 500 }, 2);
    await expect(run()).rejects.toThrow(/sendMessage: no answer \(sendMessage: 500 Internal Server Error\)/);
    const state = readState(path.join(dir, 'state.json'));
    const [oldest, second, newest] = newestFirst(sampleBoard(3)).reverse();
    expect(state?.posts[oldest as string]?.failed?.runs).toBe(0);
    expect(state?.posts[second as string]?.failed?.runs).toBe(0);
    expect(state?.posts[newest as string]).toBeUndefined();
    expect((await run()).posted).toBe(3);
    expect(postedIds().slice(-3)).toEqual([oldest, second, newest]);
  });

  it('retries an edit that met a 5xx', async () => {
    const board = sampleBoard(120);
    writeBoard(board);
    await run();
    writeBoard(board.slice(1));
    fake.answerNext('editMessageText', { status: 500 });
    const report = await run();
    expect(edits().map((call) => call.status)).toEqual([500, 200]);
    expect(report.closed).toBe(1);
  });

  it("never edits a message its state does not record as that load's post, even from a stale state file", async () => {
    const file = path.join(dir, 'state.json');
    writeBoard(sampleBoard(120, 3));
    await run();
    const stale = readState(file);
    if (!stale) throw new Error('no state');
    writeBoard(sampleBoard(123));
    await run();
    const before = fake.botPosts().map((message) => ({ ...message }));
    // An old copy of the state, left by a run cut off in a send: the ids above its newest post are
    // now the posts of three other loads.
    fs.writeFileSync(file, cutOffVersion1(stale, publishedBoard(sampleBoard(3, 2)).loads[0]));
    await run();
    expect(edits()).toEqual([]);
    expect(fake.botPosts().slice(0, before.length)).toEqual(before);
  });

  it.each([
    ['before', 'was never made', 2],
    ['after', 'went out but its answer was lost', 2],
  ] as const)(
    'a run killed after 3 of 5 sends, while the 4th %s: when it %s, the next run posts the rest and edits nothing',
    async (hold, _what, sendsAfter) => {
      writeBoard(sampleBoard(120, 5));
      await run();
      writeBoard(sampleBoard(125));
      const before = sends().length;
      fake.holdNext('sendMessage', hold, 3);
      const child = startCli('tools/telegram/cli.ts', [], env());
      await waitFor(() => sends().length - before >= 4);
      child.process.kill('SIGKILL');
      await child.exited;
      expect(fake.botPosts()).toHaveLength(hold === 'after' ? 14 : 13);
      expect(readState(path.join(dir, 'state.json'))?.inFlight?.load).toBe(newestFirst(sampleBoard(5))[1]);

      await run();
      expect(sends().length - before).toBe(4 + sendsAfter);
      // Whether the held send went out cannot be known without editing messages: it is sent again.
      const fourth = newestFirst(sampleBoard(5))[1] as string;
      const expected = newestFirst(sampleBoard(5)).reverse();
      if (hold === 'after') expected.splice(4, 0, fourth);
      expect(postedIds().slice(10)).toEqual(expected);
      expect(edits()).toEqual([]);
      expect(readState(path.join(dir, 'state.json'))?.inFlight).toBeNull();
    },
  );

  it('leaves what does not fit in its time budget to the next run', async () => {
    writeBoard(sampleBoard(120));
    const first = await run({ TELEGRAM_MIN_INTERVAL_MS: '400', TELEGRAM_TIME_BUDGET_SECONDS: '1' });
    expect(first.posted).toBeLessThan(10);
    expect(first.left).toBe(10 - first.posted);
    const second = await run();
    expect(second.posted).toBe(first.left);
    expect(postedIds()).toEqual(newestFirst(sampleBoard(120)).slice(0, 10).reverse());
  });

  it('goes on past a load Telegram refuses (400): the others are posted, closes still edited; it is retried, then given up', async () => {
    const file = path.join(dir, 'state.json');
    writeBoard(sampleBoard(120, 3));
    await run();
    const [closing] = newestFirst(sampleBoard(120, 3));
    const [, refused, after] = newestFirst(sampleBoard(3)).reverse();
    fake.answerWhen(
      'sendMessage',
      (body) => String(body.text).includes(`/load/${refused}\n`) || String(body.text).endsWith(`/load/${refused}`),
      {
        status: 400,
        description: 'Bad Request: message is too long',
      },
    );
    writeBoard(sampleBoard(123).filter((load) => load.id !== closing));
    const first = await run();
    expect(first).toMatchObject({ posted: 2, closed: 1 });
    expect(first.failed).toEqual([
      { load: refused, action: 'post', reason: '400 Bad Request: message is too long', runs: 1, gaveUp: false },
    ]);
    expect(postedIds().slice(-2)).toEqual([newestFirst(sampleBoard(3))[2], after]);
    expect(describeFailedMessage(first.failed[0] as FailedMessage, fake.chat)).toBe(
      `load ${refused} was not posted to chat @yukbor_test (400 Bad Request: message is too long); refused in 1 of at most ${MAX_FAILED_RUNS} runs; the next run tries again.`,
    );
    expect(readState(file)?.posts[refused as string]).toMatchObject({ message: null, failed: { runs: 1 } });
    // Tried once in each later run, until the bound.
    const tries = () => sends().filter((call) => String(call.body.text).includes(`/load/${refused}`)).length;
    for (let runNumber = 2; runNumber <= MAX_FAILED_RUNS; runNumber += 1) {
      const report = await run();
      expect(tries()).toBe(runNumber);
      expect(report.failed[0]).toMatchObject({ runs: runNumber, gaveUp: runNumber === MAX_FAILED_RUNS });
    }
    expect(describeFailedMessage({ ...(first.failed[0] as FailedMessage), runs: MAX_FAILED_RUNS, gaveUp: true }, fake.chat)).toMatch(
      /given up, it is not tried again\.$/,
    );
    const calls = fake.calls.length;
    expect((await run()).failed).toEqual([]);
    expect(fake.calls.length).toBe(calls);
    expect(readState(file)?.posts[refused as string]?.gaveUp).toEqual(expect.any(String));
  });

  it('ends the run cleanly, state saved, when Telegram asks to wait (429) past the time budget', async () => {
    writeBoard(sampleBoard(120, 2));
    await run();
    writeBoard(sampleBoard(122));
    fake.answerNext('sendMessage', { status: 429, retryAfter: 30 });
    const sendsBefore = fake.calls.filter((call) => call.method === 'sendMessage').length;
    // Every pause the run asks for, made short: a run that waited the 429 out would ask for 30 s.
    const pauses: number[] = [];
    const report = await runTelegram(config({ TELEGRAM_TIME_BUDGET_SECONDS: '2' }), {
      log: () => {},
      sleep: async (ms) => void pauses.push(ms),
    });
    expect(pauses.filter((ms) => ms >= 2_000)).toEqual([]);
    expect(
      fake.calls
        .filter((call) => call.method === 'sendMessage')
        .map((call) => call.status)
        .slice(sendsBefore),
    ).toEqual([429]);
    expect(report).toMatchObject({ posted: 0, left: 2, failed: [] });
    expect(readState(path.join(dir, 'state.json'))?.inFlight).toBeNull();
    const next = await run();
    expect(next.posted).toBe(2);
    expect(postedIds().slice(-2)).toEqual(newestFirst(sampleBoard(2)).reverse());
  }, 15_000);

  it('refuses a SITE_URL a reader cannot open (localhost, loopback, private, not http)', () => {
    for (const url of [
      'http://localhost:9000',
      'http://127.0.0.1:9000',
      'http://[::1]/',
      'http://192.168.1.5',
      'ftp://yukbor.uz',
      'yukbor.uz',
    ])
      expect(() => config({ SITE_URL: url })).toThrow(/^SITE_URL is /);
    expect(config({ SITE_URL: 'https://yukbor.uz/' }).siteUrl).toBe('https://yukbor.uz');
    // A dry run posts nothing: the default localhost site is fine there.
    expect(config({ SITE_URL: '', TELEGRAM_DRY_RUN: '1' }).siteUrl).toBe('http://localhost:9000');
  });

  it('prints what it would send in a dry run, and makes no call and writes no state', async () => {
    writeBoard(sampleBoard(120));
    const lines: string[] = [];
    await runTelegram(config({ TELEGRAM_DRY_RUN: '1', TELEGRAM_FIRST_POSTS: '2', TELEGRAM_LANG: 'ru' }), {
      log: (line) => lines.push(line),
    });
    expect(fake.calls).toHaveLength(0);
    expect(fs.existsSync(path.join(dir, 'state.json'))).toBe(false);
    const output = lines.join('\n');
    const newest = publishedBoard(sampleBoard(120)).loads[0] as Load;
    expect(output).toContain(`<b>${placeLabel(newest.from, 'ru')} → ${placeLabel(newest.to, 'ru')}</b>`);
    expect(output).toContain(`${SITE}/ru/load/${newest.id}`);
    expect(output).toContain(`[Перейти в приложение] -> ${SITE}/ru/applink`);
    // The loading date in Russian, not the board list's English short date.
    expect(output).toContain(`Дата погрузки: ${formatReaderDate(newest.loadingDate, 'ru')}\n`);
    expect(output).toMatch(/Дата погрузки: \d{1,2}\u00a0(янв|февр|мар|апр|мая|июн|июл|авг|сент|окт|нояб|дек)\.\n/);
  });

  describe('fails with one line naming the cause and the chat, and a non-zero exit', () => {
    it.each([
      [
        'a refused token (401)',
        () => ({ TELEGRAM_BOT_TOKEN: '123:wrong' }),
        /refused the bot token \(401 Unauthorized\) for chat @yukbor_test/,
      ],
      [
        'an unknown chat (400)',
        () => ({ TELEGRAM_CHAT_ID: '@nobody_here' }),
        /will not let the bot post to chat @nobody_here \(400 Bad Request: chat not found\)/,
      ],
      [
        'an unreachable API',
        () => ({ TELEGRAM_API_URL: closedPortUrl }),
        /Bot API at http:\/\/127\.0\.0\.1:\d+ is unreachable \(ECONNREFUSED\); nothing was posted to chat @yukbor_test/,
      ],
      [
        'a missing board',
        () => ({ PUBLIC_DIR: path.join(dir, 'nowhere') }),
        /cannot read the board the build published, .*feeds\/board\.json \(ENOENT\).*chat @yukbor_test/,
      ],
    ])('%s', async (_name, extra, expected) => {
      writeBoard(sampleBoard(120));
      const child = startCli('tools/telegram/cli.ts', [], env(extra()));
      const { code, stderr, stdout } = await child.exited;
      expect(code).not.toBe(0);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(expected);
      expect(stderr + stdout).not.toMatch(/\n\s+at /);
      expect(stderr + stdout).not.toContain(fake.token);
    });

    it('a state file of another chat', async () => {
      writeBoard(sampleBoard(120));
      await run({ TELEGRAM_FIRST_POSTS: '1' });
      const { code, stderr } = await startCli('tools/telegram/cli.ts', [], env({ TELEGRAM_CHAT_ID: '@another_channel' })).exited;
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        /^npm run telegram: the state file .*state\.json belongs to chat @yukbor_test, not @another_channel: [^\n]* \(chat @another_channel\)\.$/,
      );
      expect(sends()).toHaveLength(1);
    });

    it('an empty board while posts are open', async () => {
      writeBoard(sampleBoard(120));
      await run({ TELEGRAM_FIRST_POSTS: '2' });
      writeBoard([]);
      const { code, stderr } = await startCli('tools/telegram/cli.ts', [], env()).exited;
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        /^npm run telegram: .*board\.json lists no loads: not marking 2 posts closed; [^\n]*\(chat @yukbor_test\)\.$/,
      );
      expect(edits()).toEqual([]);
    });

    it('a chat where the bot is not an admin (403)', async () => {
      await fake.close();
      fake = await startFakeBotApi({ botIsAdmin: false });
      writeBoard(sampleBoard(120));
      const { code, stderr } = await startCli('tools/telegram/cli.ts', [], env()).exited;
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        /^npm run telegram: Telegram will not let the bot post to chat @yukbor_test \(403 Forbidden: bot is not a member of the channel chat\)[^\n]*$/,
      );
    });
  });
});

describe('a post', () => {
  const post = (prefix: 'uz' | 'uz-cyrl' | 'ru', from: string, to: string, price: number | null) => {
    const language = languageByPrefix(prefix) ?? fail();
    const raw = { id: '7', title: 'Sement', fromLocation: { name: from }, toLocation: { name: to }, price, currency: 'UZS' };
    const { contact: _contact, contactSource: _source, ...load } = normalizeLoad(raw);
    return postBody(load, language, telegramTranslator(language)).replace(/\u00a0/g, ' ');
  };

  it('gives the road distance, and the price per km from 50 km, in the channel language', () => {
    expect(post('uz', 'Toshkent', 'Samarqand', 1_500_000)).toBe(
      '<b>Toshkent → Samarqand</b>\nSement\nMasofa: ≈ 300 km\nNarxi: 1 500 000 UZS (≈ 5 000 UZS/km)',
    );
    expect(post('uz-cyrl', 'Toshkent', 'Samarqand', 1_500_000)).toBe(
      '<b>Тошкент → Самарқанд</b>\nSement\nМасофа: ≈ 300 км\nНархи: 1 500 000 UZS (≈ 5 000 UZS/км)',
    );
    expect(post('ru', 'Toshkent', 'Samarqand', null)).toBe('<b>Ташкент → Самарканд</b>\nSement\nРасстояние: ≈ 300 км\nЦена: договорная');
    expect(post('ru', 'Toshkent', 'Chirchiq', 400_000)).toBe('<b>Ташкент → Чирчик</b>\nSement\nРасстояние: ≈ 40 км\nЦена: 400 000 UZS');
    expect(post('ru', 'Toshkent', 'Atlantis', 400_000)).toBe('<b>Ташкент → Atlantis</b>\nSement\nЦена: 400 000 UZS');
  });
});

describe('npm run telegram:state, the state stored where the CDN does not serve it', () => {
  let s3: LocalS3;
  beforeEach(async () => {
    s3 = await startLocalS3();
  });
  afterEach(async () => {
    await s3.close();
  });

  /** The variables that keep the state in s3rver's state bucket, as the workflow sets them. */
  const bucketEnv = () => ({
    DEPLOY_BUCKET: s3.bucket,
    DEPLOY_STATE_BUCKET: s3.stateBucket,
    DEPLOY_ENDPOINT: s3.endpoint,
    DEPLOY_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
  });
  const runKept = () => runTelegram(config(bucketEnv()), { log: () => {}, s3Client: s3.client });
  /** The state object as the bucket holds it: its text, its ETag and the state it reads as. */
  const read = async (bucket: DeployConfig = s3.config()) => {
    const object = await readObject(s3.client, stateObject(bucket, TELEGRAM_STATE_KEY));
    const text = object ? Buffer.from(object.body).toString('utf8') : '';
    return object ? { text, etag: object.etag, state: parseState(text, 'bucket') } : null;
  };
  const kept = () => read();
  const write = (bucket: DeployConfig, text: string, expected: string | null) =>
    writeObjectIfUnchanged(s3.client, stateObject(bucket, TELEGRAM_STATE_KEY), text, expected, 'application/json');

  it("stops a run from a state file older than the bucket's with one line, and changes no post", async () => {
    const file = path.join(dir, 'state.json');
    writeBoard(sampleBoard(120, 3));
    await runKept();
    await uploadState(s3.config(), file, s3.client);
    // What a run that never uploaded its state leaves behind, cut off in a send (see cutOffVersion1).
    const old = readState(file);
    if (!old) throw new Error('no state');
    const staleFile = cutOffVersion1(old, publishedBoard(sampleBoard(3, 2)).loads[0]);
    writeBoard(sampleBoard(123));
    await runKept();
    // The workflow's upload step after the run (nothing left to write since the run gave its state back).
    await uploadState(s3.config(), file, s3.client);
    const before = fake.botPosts().map((message) => ({ ...message }));
    const calls = fake.calls.length;
    fs.writeFileSync(file, staleFile);
    const { code, stderr } = await startCli('tools/telegram/cli.ts', [], { ...env(), ...bucketEnv() }).exited;
    expect(code).toBe(1);
    // The AWS SDK warns on Node 20 that its releases after January 2027 need Node 22: not the tool's line.
    expect(stderr.split('\n').filter((line) => line.startsWith('npm run'))).toEqual([
      expect.stringMatching(
        /^npm run telegram: the state file .*state\.json is generation 0, older than s3:\/\/site-state\/\.telegram-state\.json \(generation 2\): later runs have posted since; .*\(chat @yukbor_test\)\.$/,
      ),
    ]);
    expect(fake.calls.length).toBe(calls);
    expect(fake.botPosts()).toEqual(before);
    expect((await kept())?.state).toMatchObject({ generation: 2, taken: null });
  });

  it("stops when the bucket's copy was taken by a run that never gave it back, until it is uploaded or released", async () => {
    const file = path.join(dir, 'state.json');
    writeBoard(sampleBoard(120, 1));
    await runKept();
    const object = await kept();
    if (!object) throw new Error('no state in the bucket');
    // A run took it (generation 2) and died with its file.
    await write(
      s3.config(),
      JSON.stringify({ ...object.state, generation: 2, taken: { run: 'lost', at: '2026-11-25T12:00:00.000Z' } }),
      object.etag,
    );
    fs.rmSync(file);
    writeBoard(sampleBoard(121));
    await expect(runKept()).rejects.toThrow(/was taken by a run at 2026-11-25T12:00:00.000Z \(generation 2\) that never gave it back/);
    await expect(downloadState(s3.config(), file, s3.client)).rejects.toThrow(/never gave it back/);
    expect(sends()).toHaveLength(10);
    expect(await releaseState(s3.config(), s3.client)).toBe('released');
    expect((await runKept()).posted).toBe(1);
    expect((await kept())?.state).toMatchObject({ generation: 3, taken: null });
  });

  it('writes only over the copy it read: a stale copy never overwrites a newer state', async () => {
    const file = path.join(dir, 'state.json');
    const bucket = s3.config();
    writeBoard(sampleBoard(120, 2));
    await runKept();
    const older = fs.readFileSync(file, 'utf8');
    writeBoard(sampleBoard(122));
    await runKept();
    const newer = await kept();
    fs.writeFileSync(file, older);
    await expect(uploadState(bucket, file, s3.client)).rejects.toThrow(/generation 1, older than .* \(generation 2\): not uploaded/);
    expect((await kept())?.text).toBe(newer?.text);
    // Two writers that read the same copy: the second is refused, by the bucket itself.
    const first = await read(bucket);
    await write(bucket, newer?.text ?? '', first?.etag ?? null);
    await expect(write(bucket, older, first?.etag ?? null)).resolves.toEqual(expect.any(String));
    const now = await read(bucket);
    await expect(write(bucket, older, first?.etag ?? null)).rejects.toThrow(ObjectChangedError);
    await expect(write(bucket, older, null)).rejects.toThrow(ObjectChangedError);
    expect((await read(bucket))?.etag).toBe(now?.etag);
  });

  it('starts from no state, then stores what a run wrote outside the prefix the CDN serves', async () => {
    const bucket = s3.config({ prefix: 'www/', state: { bucket: s3.bucket, prefix: 'www-state/' } });
    const file = path.join(dir, 'state.json');
    expect(await downloadState(bucket, file, s3.client)).toBe('none');
    expect(fs.existsSync(file)).toBe(false);
    writeBoard(sampleBoard(120));
    await run({ TELEGRAM_FIRST_POSTS: '2' });
    const written = fs.readFileSync(file, 'utf8');
    expect(await uploadState(bucket, file, s3.client)).toBe('uploaded');
    expect(await uploadState(bucket, file, s3.client)).toBe('unchanged');
    expect(s3.requests.filter((request) => request.method === 'PUT').map((request) => `${request.bucket}/${request.key}`)).toEqual([
      `site/www-state/${TELEGRAM_STATE_KEY}`,
    ]);
    fs.rmSync(file);
    expect(await downloadState(bucket, file, s3.client)).toBe('downloaded');
    expect(fs.readFileSync(file, 'utf8')).toBe(written);
    // The next run knows what the channel holds.
    expect((await run()).requests).toBe(0);
  });

  it('refuses to upload a damaged state', async () => {
    const file = path.join(dir, 'state.json');
    fs.writeFileSync(file, '{"version":1,');
    await expect(uploadState(s3.config(), file, s3.client)).rejects.toThrow(/not JSON/);
    expect(s3.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});

let closedPortUrl = 'http://127.0.0.1:9';

beforeAll(async () => {
  // A port that was free a moment ago: nothing listens there.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/**
 * A state file as the tool's first version wrote it when cut off in a send: the post in flight, its
 * text, and the newest message the file knew. That version probed the ids above it with edits.
 */
function cutOffVersion1(state: TelegramState, lost: PublishedLoad | undefined): string {
  if (!lost) throw new Error('no load');
  const uz = languageByPrefix('uz') ?? fail();
  const post = openPost(lost, uz, SITE, telegramTranslator(uz));
  const since = new Date().toISOString();
  return JSON.stringify({
    version: 1,
    chat: state.chat,
    lastMessage: state.lastMessage,
    posts: state.posts,
    inFlight: { load: lost.id, body: '', text: post.text, replyMarkup: post.replyMarkup, after: state.lastMessage, since },
  });
}

function fail(): never {
  throw new Error('unexpected');
}
