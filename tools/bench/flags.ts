/**
 * The benches' one reading of their command line (`npm run bench:x -- --runs 5 --reuse /ru/loads`).
 * A bench declares its flags once; node's own `parseArgs` splits the line, so an unknown flag, a flag
 * without its value or a number that is not one stops the bench with one line naming it, before any
 * build or run starts.
 *
 *     const flags = readFlags({ reuse: switchFlag(), runs: numberFlag(3, { min: 1 }), only: listFlag() });
 *     flags.runs; // 3 unless `--runs N` was given
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

/** How one flag is written and what its text becomes. */
export interface Flag<T> {
  readonly takesValue: boolean;
  /** What `--name` written without a value stands for; absent: the value is required. */
  readonly bareValue?: string;
  readonly read: (raw: string | boolean | undefined, name: string) => T;
}

export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagError';
  }
}

/** `--name`: true when given. */
export function switchFlag(): Flag<boolean> {
  return { takesValue: false, read: (raw) => raw === true };
}

/**
 * `--name TEXT`: the text; `fallback` when the flag is absent. `bare` is what `--name` alone (at the
 * end of the line, or followed by another flag) stands for.
 */
export function textFlag(fallback: string, options?: { bare?: string }): Flag<string>;
export function textFlag(fallback?: undefined, options?: { bare?: string }): Flag<string | undefined>;
export function textFlag(fallback?: string, options: { bare?: string } = {}): Flag<string | undefined> {
  return { takesValue: true, bareValue: options.bare, read: (raw) => (typeof raw === 'string' ? raw : fallback) };
}

/** `--name N`: a number of at least `min` (default 0); `fallback` when the flag is absent. */
export function numberFlag(fallback: number, options?: { min?: number }): Flag<number>;
export function numberFlag(fallback?: undefined, options?: { min?: number }): Flag<number | undefined>;
export function numberFlag(fallback?: number, { min = 0 }: { min?: number } = {}): Flag<number | undefined> {
  return {
    takesValue: true,
    read: (raw, name) => {
      if (typeof raw !== 'string') return fallback;
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value) || value < min)
        throw new FlagError(`--${name} takes a number of at least ${min}, not "${raw}"`);
      return value;
    },
  };
}

/** `--name CHOICE`: one of `choices`; `fallback` when the flag is absent. */
export function choiceFlag<C extends string>(choices: readonly C[], fallback: C): Flag<C> {
  return {
    takesValue: true,
    read: (raw, name) => {
      if (typeof raw !== 'string') return fallback;
      if (!(choices as readonly string[]).includes(raw)) throw new FlagError(`--${name} takes one of ${choices.join(', ')}, not "${raw}"`);
      return raw as C;
    },
  };
}

/** `--name a,b,c`: the comma-separated values, blanks dropped; undefined when the flag is absent. */
export function listFlag(): Flag<string[] | undefined> {
  return {
    takesValue: true,
    read: (raw) =>
      typeof raw === 'string'
        ? raw
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : undefined,
  };
}

type FlagSpec = Record<string, Flag<unknown>>;
export type FlagValues<S extends FlagSpec> = { readonly [K in keyof S]: S[K] extends Flag<infer T> ? T : never };

/** A flag whose value may be left out gets its bare value, so parseArgs sees every flag with its value. */
function withBareValues(spec: FlagSpec, args: readonly string[]): string[] {
  const filled: string[] = [];
  args.forEach((arg, index) => {
    filled.push(arg);
    const bare = arg.startsWith('--') ? spec[arg.slice(2)]?.bareValue : undefined;
    const next = args[index + 1];
    if (bare !== undefined && (next === undefined || next.startsWith('--'))) filled.push(bare);
  });
  return filled;
}

/** parseArgs' mistake in this bench's words: its messages differ between Node's versions and contexts. */
function parseArgsProblem(error: unknown, names: readonly string[]): string {
  // Read by shape: Node's own errors are of another realm than a test's `Error`.
  const { code, message = String(error) } = (error ?? {}) as { code?: string; message?: string };
  const quoted = /'([^' <]+)/.exec(message)?.[1];
  const known = names.map((name) => `--${name}`).join(', ');
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${quoted ?? ''} (this bench reads ${known || 'no flags'})`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${quoted ?? 'a flag'} needs a value`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${quoted ?? ''} (this bench reads only flags)`;
  return message;
}

/**
 * Reads the bench's command line against `spec`. Arguments that are not flags are returned as
 * `positionals` when `positionals` is set, and refused otherwise. A mistake on the process's own command
 * line ends it with one line on stderr and exit code 2; given `args`, it throws a FlagError instead.
 */
export function readFlags<S extends FlagSpec>(
  spec: S,
  { args, positionals = false }: { args?: readonly string[]; positionals?: boolean } = {},
): FlagValues<S> & { readonly positionals: readonly string[] } {
  if (args === undefined) {
    try {
      return readFlags(spec, { args: process.argv.slice(2), positionals });
    } catch (error) {
      if (!(error instanceof FlagError)) throw error;
      console.error(`${path.basename(process.argv[1] ?? 'bench')}: ${error.message}`);
      process.exit(2);
    }
  }
  const options = Object.fromEntries(
    Object.entries(spec).map(([name, flag]) => [name, { type: flag.takesValue ? ('string' as const) : ('boolean' as const) }]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: withBareValues(spec, args), options, allowPositionals: positionals, strict: true });
  } catch (error) {
    throw new FlagError(parseArgsProblem(error, Object.keys(spec)));
  }
  const values: Record<string, unknown> = {};
  for (const [name, flag] of Object.entries(spec)) {
    const raw = parsed.values[name];
    // No flag is declared `multiple`, so parseArgs gives one value: a flag written twice reads its last.
    values[name] = flag.read(Array.isArray(raw) ? raw.at(-1) : raw, name);
  }
  return { ...(values as FlagValues<S>), positionals: parsed.positionals };
}
