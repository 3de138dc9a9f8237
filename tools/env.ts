/**
 * The tools' one reading of environment variables (`npm run deploy`, `npm run telegram`,
 * `npm run telegram:state`): typed readers that trim, apply the default, and on a bad value record one
 * line naming the variable, what it holds and what it should hold. `done()` then throws them all at
 * once, so a run with two mistakes says both instead of one per attempt.
 *
 *     const vars = envReader(process.env);
 *     const bucket = vars.string('DEPLOY_BUCKET', { required: 'the bucket to publish public/ to' });
 *     const pace = vars.integer('TELEGRAM_MIN_INTERVAL_MS', { fallback: 3000, min: 0 });
 *     vars.done();
 */

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

export interface EnvReader {
  /** Trimmed text; `fallback` when unset or blank. `required` names what the value is for. */
  string(name: string, options?: { fallback?: string; required?: string }): string;
  /**
   * An absolute http(s) URL without trailing slashes. `public`: the URL is put in front of readers
   * (posts, feeds), so localhost, loopback, private and `.local` hosts are refused.
   */
  url(name: string, options: { fallback?: string; required?: string; public?: boolean; example: string }): string;
  /** A whole number within [min, max]. */
  integer(name: string, options: { fallback: number; min?: number; max?: number }): number;
  /** A number (fractions allowed) within [min, max]. */
  number(name: string, options: { fallback: number; min?: number; max?: number }): number;
  /** One of `values`, compared as written. */
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T;
  /** On unless unset, blank, `0`, `false`, `no` or `off`. */
  flag(name: string): boolean;
  /** Throws an EnvError listing every bad value read so far, one line each. */
  done(): void;
}

const OFF = new Set(['', '0', 'false', 'no', 'off']);

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
    flag: (name) => !OFF.has(text(name).toLowerCase()),
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
