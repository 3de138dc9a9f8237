/**
 * The tools' one reading of environment variables: every variable a tool reads is listed below
 * (TOOL_VARIABLES) and read through `toolEnv`, which takes no other name; the README's configuration
 * table and the page of each tool in docs/ say what each holds and its default (tools-env.test.ts holds
 * all three together, and ESLint refuses `process.env.NAME` elsewhere in tools/). The typed readers trim,
 * apply the default, and on a bad value record one line naming the variable, what it holds and what it
 * should hold. `done()` then throws them all at once, so a run with two mistakes says both instead of one
 * per attempt.
 *
 *     const vars = toolEnv(process.env);
 *     const bucket = vars.string('DEPLOY_BUCKET', { required: 'the bucket to publish public/ to' });
 *     const pace = vars.integer('TELEGRAM_MIN_INTERVAL_MS', { fallback: 3000, min: 0 });
 *     vars.done();
 */
import { FlagError, readFlag } from '../src/config/env';

/** Every environment variable a tool reads. */
export const TOOL_VARIABLES = [
  // The sample API: `npm run api`, and through tools/harness every tool and test that starts one
  // (tools/sample-api/from-env.ts).
  'API_PORT',
  'API_HOST',
  'API_SHAPE',
  'API_ORDER',
  'API_QUIET',
  'SAMPLE_LOADS',
  'SAMPLE_DAY',
  'SAMPLE_LOADS_REVISION',
  'SAMPLE_LOADS_CHANGED_EVERY',
  'SAMPLE_CHANGE_EVERY',
  'SAMPLE_CHANGE_LIMIT',
  'SAMPLE_CHANGE_SEED',
  // `npm start`, `npm run develop`, `npm run serve` (tools/scripts/, tools/serve/).
  'PORT',
  'GATSBY_API_URL',
  'SITE_URL',
  // `npm run test:e2e` and the benches that drive Chromium (tools/harness/env.ts, tools/scripts/e2e.ts).
  'E2E_API_PORT',
  'E2E_SITE_PORT',
  'E2E_REUSE_BUILD',
  // Set by Playwright in each worker: which lane's API and site the specs use (tools/harness/env.ts).
  'TEST_PARALLEL_INDEX',
  'CHROME_PATH',
  // `npm run deploy`, and where the manifest, the history and the channel's state are kept
  // (tools/deploy/deploy.ts, state-location.ts).
  'DEPLOY_BUCKET',
  'DEPLOY_PREFIX',
  'DEPLOY_STATE_BUCKET',
  'DEPLOY_STATE_PREFIX',
  'DEPLOY_DIR',
  'DEPLOY_REGION',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'DEPLOY_ENDPOINT',
  'DEPLOY_FORCE_PATH_STYLE',
  'DEPLOY_DRY_RUN',
  'DEPLOY_CONCURRENCY',
  'DEPLOY_ASSET_GRACE_DAYS',
  'DEPLOY_ASSET_GRACE_DEPLOYS',
  // `npm run telegram` and `npm run telegram:state` (tools/telegram/config.ts, bucket-state.ts).
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_CHAT_ID',
  'TELEGRAM_LANG',
  'TELEGRAM_API_URL',
  'TELEGRAM_DRY_RUN',
  'TELEGRAM_FIRST_POSTS',
  'TELEGRAM_STATE_FILE',
  'TELEGRAM_MIN_INTERVAL_MS',
  'TELEGRAM_TIME_BUDGET_SECONDS',
  'PUBLIC_DIR',
  // `npm run telegram -- alerts` and `npm run telegram:state -- alerts` (tools/telegram/alerts/).
  'TELEGRAM_ALERTS_BOT_TOKEN',
  'TELEGRAM_ALERTS_STATE_FILE',
  // `npm run history`: where its warnings go (tools/history/cli.ts).
  'GITHUB_ACTIONS',
  // Benches (tools/bench/).
  'TASKS_TOP',
  'NODE_ENV',
] as const;

export type ToolVariable = (typeof TOOL_VARIABLES)[number];

/**
 * The variables the build and the site read, in src/ (src/config/env.ts, src/history/config.ts,
 * src/gatsby/webpack.ts), which cannot import tools/: listed here so that one file names every variable.
 * The tools that run the build set some of them for it (tools/harness/stack.ts).
 */
export const BUILD_VARIABLES = [
  'GATSBY_API_URL',
  'SITE_URL',
  'GATSBY_SITE_URL',
  'HISTORY_FILE',
  'HISTORY_KEY',
  'HISTORY_NOW',
  'HISTORY_LOCK_WAIT_SECONDS',
  'ALLOW_EMPTY_BOARD',
  'BENCH_SOURCE_MAPS',
  // The alerts bot's username for the kept searches' links (src/config/env.ts); gatsby-config checks it
  // and copies it to the name Gatsby inlines into the pages.
  'TELEGRAM_ALERTS_BOT',
  'GATSBY_TELEGRAM_ALERTS_BOT',
  // OFFLINE_WORKER=off publishes the offline worker's kill switch (docs/offline.md); gatsby-config
  // copies it to the name Gatsby inlines into the pages. Every on/off variable here is read by
  // src/config/env.ts's readFlag, the tools' flags too.
  'OFFLINE_WORKER',
  'GATSBY_OFFLINE_WORKER',
  // Set by Gatsby, never by hand: `development` under gatsby develop, whose HTML and scripts the site's
  // server and hydration hooks meet as they are (src/gatsby/ssr.tsx, src/components/page-hydration.tsx).
  'NODE_ENV',
] as const;

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

/** Readers of variables named `Name`: any name for `envReader`, the listed ones for `toolEnv`. */
export interface EnvReader<Name extends string = string> {
  /** Trimmed text; `fallback` when unset or blank. `required` names what the value is for. */
  string(name: Name, options?: { fallback?: string; required?: string }): string;
  /**
   * An absolute http(s) URL without trailing slashes. `public`: the URL is put in front of readers
   * (posts, feeds), so localhost, loopback, private and `.local` hosts are refused.
   */
  url(name: Name, options: { fallback?: string; required?: string; public?: boolean; example: string }): string;
  /** A whole number within [min, max]. */
  integer(name: Name, options: { fallback: number; min?: number; max?: number }): number;
  /** A number (fractions allowed) within [min, max]. */
  number(name: Name, options: { fallback: number; min?: number; max?: number }): number;
  /** One of `values`, compared as written. */
  oneOf<T extends string>(name: Name, values: readonly T[], fallback: T): T;
  /**
   * On for `1`, `true`, `yes`, `on`, off for `0`, `false`, `no`, `off` (any case), off when unset or
   * blank; anything else is a bad value (src/config/env.ts, readFlag: the build's rule too).
   */
  flag(name: Name): boolean;
  /** Throws an EnvError listing every bad value read so far, one line each. */
  done(): void;
}

/** The reader every tool uses: it takes only the names TOOL_VARIABLES lists. */
export function toolEnv(env: NodeJS.ProcessEnv): EnvReader<ToolVariable> {
  return envReader(env);
}

/** The readers over any names: the engine of `toolEnv`. */
export function envReader(env: NodeJS.ProcessEnv): EnvReader {
  const problems: string[] = [];
  const text = (name: string) => (env[name] ?? '').trim();
  const quoted = (value: string) => JSON.stringify(value);

  function string(name: string, options: { fallback?: string; required?: string } = {}): string {
    const value = text(name);
    if (value) return value;
    if (options.required) problems.push(`Set ${name} to ${options.required}.`);
    return options.fallback ?? '';
  }

  function url(name: string, options: { fallback?: string; required?: string; public?: boolean; example: string }): string {
    const value = string(name, { required: options.required }).replace(/\/+$/, '');
    if (!value) return options.fallback ?? '';
    const parsed = URL.canParse(value) ? new URL(value) : null;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname) {
      problems.push(`${name} is ${quoted(value)}; give an absolute http(s) address such as ${options.example}.`);
      return value;
    }
    if (options.public && isPrivateHost(parsed.hostname))
      problems.push(
        `${name} is ${quoted(value)}, an address only this machine or network can open; give the public site, such as ${options.example}.`,
      );
    return value;
  }

  function numeric(name: string, options: { fallback: number; min?: number; max?: number }, whole: boolean): number {
    const value = text(name);
    if (!value) return options.fallback;
    const parsed = Number(value);
    const { min = 0, max = Number.MAX_SAFE_INTEGER } = options;
    if (!Number.isFinite(parsed) || (whole && !Number.isInteger(parsed)) || parsed < min || parsed > max) {
      problems.push(`${name} is ${quoted(value)}; use ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}.`);
      return options.fallback;
    }
    return parsed;
  }

  function oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const value = text(name);
    if (!value) return fallback;
    if ((values as readonly string[]).includes(value)) return value as T;
    problems.push(`${name} is ${quoted(value)}; use one of ${values.join(', ')}.`);
    return fallback;
  }

  return {
    string,
    url,
    integer: (name, options) => numeric(name, options, true),
    number: (name, options) => numeric(name, options, false),
    oneOf,
    flag(name) {
      try {
        return readFlag(name, env[name]);
      } catch (error) {
        if (!(error instanceof FlagError)) throw error;
        problems.push(error.message);
        return false;
      }
    },
    done() {
      if (problems.length > 0) throw new EnvError(problems);
    },
  };
}

/** Hosts a reader elsewhere cannot reach: this machine, a private network, link-local, mDNS names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || (!host.includes('.') && !host.includes(':')))
    return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)?.slice(1).map(Number);
  if (v4) {
    const [a = 0, b = 0] = v4;
    return a === 127 || a === 10 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (!host.includes(':')) return false;
  // IPv6: loopback, unspecified, unique local (fc00::/7), link-local, and IPv4 loopback mapped.
  return (
    host === '::1' ||
    host === '::' ||
    /^f[cd][0-9a-f]{0,2}:/.test(host) ||
    host.startsWith('fe80:') ||
    host.startsWith('::ffff:127.') ||
    host.startsWith('::ffff:7f')
  );
}
