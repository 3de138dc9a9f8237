/**
 * Every on/off variable, the build's and the tools', reads 1/true/yes/on and 0/false/no/off in any case,
 * and stops the command with one line naming the variable for anything else (src/config/env.ts,
 * readFlag, which tools/env.ts reads its flags through): a switch never fails open.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter } from 'gatsby';
import { FlagError, offlineWorkerEnabled, readFlag } from '../src/config/env';
import { recordBoardHistory } from '../src/gatsby/board-history';
import { allowEmptyBoard } from '../src/history/config';
import { openHistory } from '../src/history/store';
import { normalizeLoad } from '../src/api-client/normalize';
import { deployConfigFromEnv } from '../tools/deploy/deploy';
import { EnvError, envReader } from '../tools/env';
import { sampleApiEnv } from '../tools/sample-api/from-env';
import { telegramConfigFromEnv } from '../tools/telegram/config';
import { generateLoads } from '../tools/sample-api/data';

const ON = ['1', 'true', 'TRUE', 'True', 'yes', 'Yes', 'on', 'ON', ' on '];
const OFF = ['0', 'false', 'False', 'no', 'NO', 'off', 'Off', ' off '];
/** What operators were seen to type, and what a switch must never read as either way. */
const NEITHER = ['N', 'Y', 'nope', 'disabled', 'enabled', '2', '-1', 'of', 'onn', 'false!', 'null', 'undefined'];

/** The problems a reading records, one line each. */
function problems(read: () => unknown): readonly string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    if (error instanceof FlagError) return [error.message];
    throw error;
  }
  return [];
}

const lineFor = (name: string, value: string) =>
  `${name} is ${JSON.stringify(value)}; use 1, true, yes or on to turn it on, or 0, false, no or off to turn it off.`;

describe('the rule', () => {
  it.each(ON)('reads %j as on', (value) => expect(readFlag('X', value)).toBe(true));
  it.each(OFF)('reads %j as off', (value) => expect(readFlag('X', value, true)).toBe(false));
  it('reads unset and blank as the default', () => {
    expect([readFlag('X', undefined), readFlag('X', ''), readFlag('X', '  '), readFlag('X', '', true)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
  it.each(NEITHER)('refuses %j with one line naming the variable', (value) => {
    expect(problems(() => readFlag('ALLOW_EMPTY_BOARD', value))).toEqual([lineFor('ALLOW_EMPTY_BOARD', value)]);
  });
});

describe('the build’s switches', () => {
  const env = { ...process.env };
  afterEach(() => {
    process.env = { ...env };
  });

  it.each(['N', 'nope', 'disabled'])('ALLOW_EMPTY_BOARD=%s lets no empty board through', (value) => {
    process.env.ALLOW_EMPTY_BOARD = value;
    expect(problems(allowEmptyBoard)).toEqual([lineFor('ALLOW_EMPTY_BOARD', value)]);
  });

  it.each([
    [{ OFFLINE_WORKER: 'false' }, false],
    [{ OFFLINE_WORKER: '0' }, false],
    [{ OFFLINE_WORKER: 'OFF' }, false],
    [{ OFFLINE_WORKER: 'off', GATSBY_OFFLINE_WORKER: '' }, false],
    [{ OFFLINE_WORKER: 'off', GATSBY_OFFLINE_WORKER: ' ' }, false],
    // The name gatsby-config hands the browser, alone (as in the browser's bundle).
    [{ GATSBY_OFFLINE_WORKER: 'off' }, false],
    [{ GATSBY_OFFLINE_WORKER: '' }, true],
    [{}, true],
    [{ OFFLINE_WORKER: 'on' }, true],
  ])('with %j the offline worker is %s', (vars, on) => {
    delete process.env.OFFLINE_WORKER;
    delete process.env.GATSBY_OFFLINE_WORKER;
    Object.assign(process.env, vars);
    expect(offlineWorkerEnabled()).toBe(on);
  });

  it('refuses an OFFLINE_WORKER that is neither on nor off', () => {
    process.env.OFFLINE_WORKER = 'disabled';
    expect(problems(offlineWorkerEnabled)).toEqual([lineFor('OFFLINE_WORKER', 'disabled')]);
  });

  it.each([
    ['off', false],
    ['0', false],
    ['No', false],
    ['on', true],
    ['yes', true],
    ['', true],
  ])('with OFFLINE_WORKER=%j the pages gatsby-config builds register the worker: %s', (word, registers) => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', "require('./gatsby-config.ts'); console.log(require('./src/config/env.ts').pagesRegisterOfflineWorker())"],
      { cwd: path.resolve(__dirname, '..'), encoding: 'utf8', env: { ...env, OFFLINE_WORKER: word, GATSBY_OFFLINE_WORKER: '' } },
    );
    expect(result.stdout.trim()).toBe(String(registers));
  });

  /** gatsby-config as `gatsby build` loads it, in a process of its own: its exit code and stderr. */
  function loadGatsbyConfig(vars: Record<string, string>): { status: number | null; stderr: string } {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', "require('./gatsby-config.ts')"], {
      cwd: path.resolve(__dirname, '..'),
      encoding: 'utf8',
      env: { ...env, OFFLINE_WORKER: '', GATSBY_OFFLINE_WORKER: '', ALLOW_EMPTY_BOARD: '', BENCH_SOURCE_MAPS: '', ...vars },
    });
    return { status: result.status, stderr: result.stderr };
  }

  it('stops the build as it starts, one line per bad switch', () => {
    expect(loadGatsbyConfig({ OFFLINE_WORKER: 'false', ALLOW_EMPTY_BOARD: '1' })).toEqual({ status: 0, stderr: '' });
    expect(loadGatsbyConfig({ OFFLINE_WORKER: 'disabled', ALLOW_EMPTY_BOARD: 'nope', BENCH_SOURCE_MAPS: 'yes please' })).toEqual({
      status: 1,
      stderr: `${[lineFor('OFFLINE_WORKER', 'disabled'), lineFor('ALLOW_EMPTY_BOARD', 'nope'), lineFor('BENCH_SOURCE_MAPS', 'yes please')].join('\n')}\n`,
    });
  }, 60_000);

  it('records no empty board under ALLOW_EMPTY_BOARD=nope while the history holds open loads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-history-'));
    try {
      const file = path.join(dir, 'history.sqlite');
      const history = await openHistory(file);
      history.recordRead(
        generateLoads(5).map((raw) => normalizeLoad(raw)),
        Date.parse('2026-11-25T05:00:00Z'),
      );
      history.save();
      history.close();
      const before = fs.readFileSync(file);
      Object.assign(process.env, { HISTORY_FILE: file, HISTORY_NOW: '2026-11-25T06:00:00Z', ALLOW_EMPTY_BOARD: 'nope' });
      const panics: Array<{ context: { sourceMessage: string } }> = [];
      const reporter = {
        info: () => undefined,
        setErrorMap: () => undefined,
        panic: (details: { context: { sourceMessage: string } }) => {
          panics.push(details);
          throw new Error('panic');
        },
      } as unknown as Reporter;
      await expect(recordBoardHistory(reporter, [])).rejects.toThrow('panic');
      expect(panics.map((details) => details.context.sourceMessage)).toEqual([lineFor('ALLOW_EMPTY_BOARD', 'nope')]);
      expect(fs.readFileSync(file).equals(before)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the tools’ switches, through the same rule', () => {
  it('reads them as the build does, and says every bad one at once', () => {
    const vars = envReader({ A: 'Yes', B: 'OFF', C: 'nope', D: 'disabled' });
    expect([vars.flag('A'), vars.flag('B'), vars.flag('UNSET')]).toEqual([true, false, false]);
    vars.flag('C');
    vars.flag('D');
    expect(problems(() => vars.done())).toEqual([lineFor('C', 'nope'), lineFor('D', 'disabled')]);
  });

  it.each([
    ['DEPLOY_DRY_RUN', () => deployConfigFromEnv({ DEPLOY_BUCKET: 'site', DEPLOY_PREFIX: 'www', DEPLOY_DRY_RUN: 'maybe' })],
    [
      'DEPLOY_FORCE_PATH_STYLE',
      () => deployConfigFromEnv({ DEPLOY_BUCKET: 'site', DEPLOY_PREFIX: 'www', DEPLOY_FORCE_PATH_STYLE: 'path' }),
    ],
    ['API_QUIET', () => sampleApiEnv({ API_QUIET: 'shh' })],
    [
      'TELEGRAM_DRY_RUN',
      () =>
        telegramConfigFromEnv({
          TELEGRAM_BOT_TOKEN: '1:x',
          TELEGRAM_CHAT_ID: '@c',
          SITE_URL: 'https://yukbor.uz',
          TELEGRAM_DRY_RUN: 'dry',
        }),
    ],
  ])('%s: a value neither on nor off is a bad value, not a yes', (name, read) => {
    expect(problems(read).filter((line) => line.startsWith(name))).toHaveLength(1);
  });
});
