/**
 * The tools' one reading of the environment (tools/env.ts), and the two configurations built on it:
 * `npm run deploy` and `npm run telegram` say every bad value, one line each, in the same words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deployConfigFromEnv } from '../tools/deploy/deploy';
import { BUILD_VARIABLES, EnvError, envReader, isPrivateHost, TOOL_VARIABLES } from '../tools/env';
import { sampleApiEnv } from '../tools/sample-api/from-env';
import { telegramConfigFromEnv } from '../tools/telegram/config';

function problems(read: () => unknown): readonly string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('envReader', () => {
  it('reads each kind, trimmed, with its default when unset or blank', () => {
    const vars = envReader({
      TEXT: '  a b ',
      URL: 'https://yukbor.uz/',
      COUNT: ' 12 ',
      SHARE: '0.5',
      LANG: 'ru',
      ON: 'yes',
      OFF: 'off',
      BLANK: ' ',
    });
    expect(vars.string('TEXT')).toBe('a b');
    expect(vars.string('BLANK', { fallback: 'x' })).toBe('x');
    expect(vars.url('URL', { example: 'https://x.uz', public: true })).toBe('https://yukbor.uz');
    expect(vars.url('UNSET', { fallback: 'https://api.telegram.org', example: 'https://x.uz' })).toBe('https://api.telegram.org');
    expect(vars.integer('COUNT', { fallback: 1, min: 0, max: 100 })).toBe(12);
    expect(vars.integer('UNSET', { fallback: 7 })).toBe(7);
    expect(vars.number('SHARE', { fallback: 1, min: 0, max: 1 })).toBe(0.5);
    expect(vars.oneOf('LANG', ['uz', 'uz-cyrl', 'ru'], 'uz')).toBe('ru');
    expect([vars.flag('ON'), vars.flag('OFF'), vars.flag('UNSET')]).toEqual([true, false, false]);
    expect(() => vars.done()).not.toThrow();
  });

  it('says every bad value, one line each, naming the variable, its value and what it should be', () => {
    const vars = envReader({ COUNT: '1.5', BIG: '1000', LANG: 'en', URL: 'yukbor.uz', SITE: 'http://127.0.0.1:9000' });
    vars.string('TOKEN', { required: 'the bot token' });
    vars.integer('COUNT', { fallback: 1, min: 0, max: 100 });
    vars.integer('BIG', { fallback: 1, min: 0, max: 100 });
    vars.oneOf('LANG', ['uz', 'ru'], 'uz');
    vars.url('URL', { example: 'https://yukbor.uz' });
    vars.url('SITE', { example: 'https://yukbor.uz', public: true });
    expect(problems(() => vars.done())).toEqual([
      'Set TOKEN to the bot token.',
      'COUNT is "1.5"; use a whole number from 0 to 100.',
      'BIG is "1000"; use a whole number from 0 to 100.',
      'LANG is "en"; use one of uz, ru.',
      'URL is "yukbor.uz"; give an absolute http(s) address such as https://yukbor.uz.',
      'SITE is "http://127.0.0.1:9000", an address only this machine or network can open; give the public site, such as https://yukbor.uz.',
    ]);
  });

  it('knows the hosts a reader elsewhere cannot open', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      'printer.local',
      'intranet',
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.9',
      '169.254.1.1',
      '0.0.0.0',
      '[::1]',
      'fd00::1',
      'fe80::1',
    ])
      expect([host, isPrivateHost(host)]).toEqual([host, true]);
    for (const host of ['yukbor.uz', 'yukbor.example', 'fcbarcelona.com', 'fd.uz', '8.8.8.8', '172.32.0.1', '2001:db8::1'])
      expect([host, isPrivateHost(host)]).toEqual([host, false]);
  });
});

describe('the tools read their settings through it', () => {
  it('npm run deploy: every bad DEPLOY_* value at once', () => {
    expect(
      problems(() => deployConfigFromEnv({ DEPLOY_CONCURRENCY: 'many', DEPLOY_ASSET_GRACE_DAYS: '-1', DEPLOY_ENDPOINT: 'localhost:4568' })),
    ).toEqual([
      'Set DEPLOY_BUCKET to the bucket to publish public/ to.',
      'DEPLOY_ENDPOINT is "localhost:4568"; give an absolute http(s) address such as http://localhost:4568.',
      'DEPLOY_CONCURRENCY is "many"; use a whole number from 1 to 256.',
      'DEPLOY_ASSET_GRACE_DAYS is "-1"; use a number from 0 to 3650.',
    ]);
    expect(deployConfigFromEnv({ DEPLOY_BUCKET: ' site ', DEPLOY_PREFIX: '/www/', DEPLOY_FORCE_PATH_STYLE: '1' })).toMatchObject({
      bucket: 'site',
      prefix: 'www/',
      forcePathStyle: true,
      concurrency: 16,
      grace: { days: 7, deploys: 2 },
    });
  });

  it('npm run api and the harness: every bad sample API value at once, and the defaults', () => {
    expect(
      problems(() => sampleApiEnv({ API_PORT: '70000', API_SHAPE: 'xml', API_ORDER: 'random', SAMPLE_CHANGE_EVERY: 'often' })),
    ).toEqual([
      'SAMPLE_CHANGE_EVERY is "often"; use a whole number from 0 to 1000000.',
      'API_PORT is "70000"; use a whole number from 0 to 65535.',
      'API_SHAPE is "xml"; use one of data, loads, bare, top-level.',
      'API_ORDER is "random"; use one of newest, oldest, none.',
    ]);
    expect(sampleApiEnv({})).toEqual({
      port: 4010,
      loads: 120,
      shape: 'data',
      order: 'newest',
      quiet: false,
      host: undefined,
      revision: 0,
      changedEvery: 100,
      change: null,
    });
    expect(sampleApiEnv({ API_QUIET: '1', SAMPLE_CHANGE_EVERY: '5', SAMPLE_CHANGE_LIMIT: '20' })).toMatchObject({
      quiet: true,
      change: { every: 5, limit: 20, seed: 1 },
    });
  });

  it('npm run deploy and the tools that store state: never where the CDN serves it', () => {
    expect(problems(() => deployConfigFromEnv({ DEPLOY_BUCKET: 'site' }))).toEqual([
      'DEPLOY_PREFIX is empty: the CDN serves the whole bucket site, so the board history, the channel’s state and the deploy manifest would be public files; set DEPLOY_STATE_BUCKET to another bucket, or publish the site under a DEPLOY_PREFIX.',
    ]);
    expect(problems(() => deployConfigFromEnv({ DEPLOY_BUCKET: 'site', DEPLOY_PREFIX: 'www', DEPLOY_STATE_PREFIX: 'www/state' }))).toEqual([
      'DEPLOY_STATE_PREFIX is "www/state/", inside DEPLOY_PREFIX "www/" that the CDN serves, so the board history, the channel’s state and the deploy manifest would be public files; give a prefix outside it, or another bucket in DEPLOY_STATE_BUCKET.',
    ]);
    // With a bad value too, every line at once.
    expect(problems(() => deployConfigFromEnv({ DEPLOY_BUCKET: 'site', DEPLOY_CONCURRENCY: 'many' }))).toHaveLength(2);
    expect(deployConfigFromEnv({ DEPLOY_BUCKET: 'site', DEPLOY_PREFIX: 'www' }).state).toEqual({ bucket: 'site', prefix: 'www-state/' });
    expect(deployConfigFromEnv({ DEPLOY_BUCKET: 'site', DEPLOY_STATE_BUCKET: 'site-state' }).state).toEqual({
      bucket: 'site-state',
      prefix: '',
    });
    expect(
      deployConfigFromEnv({ DEPLOY_BUCKET: 'site', DEPLOY_PREFIX: 'www', DEPLOY_STATE_BUCKET: 'ops', DEPLOY_STATE_PREFIX: '/yukbor/' })
        .state,
    ).toEqual({
      bucket: 'ops',
      prefix: 'yukbor/',
    });
  });

  it("npm run telegram: its own values and, with DEPLOY_BUCKET, the bucket's, in the same words", () => {
    expect(
      problems(() =>
        telegramConfigFromEnv({
          TELEGRAM_BOT_TOKEN: '1:x',
          TELEGRAM_CHAT_ID: '@c',
          SITE_URL: 'http://localhost:9000',
          TELEGRAM_LANG: 'en',
          TELEGRAM_MIN_INTERVAL_MS: 'soon',
          DEPLOY_BUCKET: 'site',
          DEPLOY_PREFIX: 'www',
          DEPLOY_CONCURRENCY: '0',
        }),
      ),
    ).toEqual([
      'SITE_URL is "http://localhost:9000", an address only this machine or network can open; give the public site, such as https://yukbor.uz.',
      'TELEGRAM_LANG is "en"; use one of uz, uz-cyrl, ru.',
      'TELEGRAM_MIN_INTERVAL_MS is "soon"; use a whole number from 0 to 60000.',
      'DEPLOY_CONCURRENCY is "0"; use a whole number from 1 to 256.',
    ]);
    expect(problems(() => telegramConfigFromEnv({}))).toEqual([
      'Set TELEGRAM_BOT_TOKEN to the bot token @BotFather gave.',
      'Set TELEGRAM_CHAT_ID to the channel (@name or numeric id).',
      'Set SITE_URL to the public site the posts link to.',
    ]);
  });
});

describe('every variable the project reads is listed in tools/env.ts and documented', () => {
  const root = path.resolve(__dirname, '..');
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(dir, file));

  it('lists in BUILD_VARIABLES every variable the build and the site read', () => {
    const files = [...sources('src'), 'gatsby-config.ts', 'gatsby-node.ts', 'gatsby-browser.tsx', 'gatsby-ssr.tsx'];
    const names = new Set(
      files.flatMap((file) => [...read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)(?![A-Z0-9_*])/g)].map((m) => m[1])),
    );
    expect([...names].filter((name) => !(BUILD_VARIABLES as readonly string[]).includes(name as string))).toEqual([]);
  });

  it('lists in TOOL_VARIABLES only variables a tool reads', () => {
    const tools = sources('tools')
      .filter((file) => file !== path.join('tools', 'env.ts'))
      .map(read)
      .join('\n');
    expect(TOOL_VARIABLES.filter((name) => !tools.includes(`'${name}'`))).toEqual([]);
  });

  it('names each in a row of the configuration table (docs/configuration.md)', () => {
    const rows = read(path.join('docs', 'configuration.md'))
      .split('\n')
      .filter((line) => line.startsWith('|'));
    const named = (name: string) => rows.some((row) => row.includes(`\`${name}\``));
    expect([...TOOL_VARIABLES, ...BUILD_VARIABLES].filter((name) => !named(name))).toEqual([]);
  });
});
