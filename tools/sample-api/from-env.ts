import { DEFAULT_API_PORT, DEFAULT_SAMPLE_LOADS } from '../../src/config/constants';
import { EnvError, toolEnv } from '../env';
import { sampleDayStart } from './data';
import { LIST_ORDERS, RESPONSE_SHAPES, type ChangeMode, type ListOrderSetting, type ResponseShape } from './state';

/** The sample API's settings from the environment (README, "Configuration"; tools/env.ts). */
export interface SampleApiEnv {
  /** API_PORT; 0 picks a free port. */
  port: number;
  /** SAMPLE_LOADS */
  loads: number;
  /** SAMPLE_DAY: the day the loads count back from; unset: the UTC day the API starts on. */
  day: string | undefined;
  /** API_SHAPE: the list shape answered until /__control changes it. */
  shape: ResponseShape;
  /** API_ORDER: the list's order of posting (newest first, oldest first, or none). */
  order: ListOrderSetting;
  /** API_QUIET: no request log. */
  quiet: boolean;
  /** API_HOST; unset: all interfaces. */
  host: string | undefined;
  /** SAMPLE_LOADS_REVISION and SAMPLE_LOADS_CHANGED_EVERY (data.ts, `GenerateOptions`). */
  revision: number;
  changedEvery: number;
  /** SAMPLE_CHANGE_EVERY (0: off), SAMPLE_CHANGE_LIMIT, SAMPLE_CHANGE_SEED. */
  change: ChangeMode | null;
}

/**
 * Reads every setting `npm run api` takes from the environment; throws one line per bad value. The
 * harness (tools/harness/sample-api.ts) takes the port, the count, the shape and quiet from here where
 * its caller does not say, and nothing else: a board that changes is asked for by name.
 */
export function sampleApiEnv(env: NodeJS.ProcessEnv): SampleApiEnv {
  const vars = toolEnv(env);
  const every = vars.integer('SAMPLE_CHANGE_EVERY', { fallback: 0, min: 0, max: 1_000_000 });
  const limit = vars.string('SAMPLE_CHANGE_LIMIT') ? vars.integer('SAMPLE_CHANGE_LIMIT', { fallback: 0, max: 1_000_000_000 }) : null;
  const seed = vars.integer('SAMPLE_CHANGE_SEED', { fallback: 1, max: 2 ** 31 - 1 });
  const day = vars.string('SAMPLE_DAY') || undefined;
  const problems =
    day !== undefined && sampleDayStart(day) === null ? [`SAMPLE_DAY is ${JSON.stringify(day)}; use a day as YYYY-MM-DD.`] : [];
  const settings: SampleApiEnv = {
    port: vars.integer('API_PORT', { fallback: DEFAULT_API_PORT, max: 65_535 }),
    loads: vars.integer('SAMPLE_LOADS', { fallback: DEFAULT_SAMPLE_LOADS, max: 1_000_000 }),
    day,
    shape: vars.oneOf('API_SHAPE', RESPONSE_SHAPES, 'data'),
    order: vars.oneOf('API_ORDER', LIST_ORDERS, 'newest'),
    quiet: vars.flag('API_QUIET'),
    host: vars.string('API_HOST') || undefined,
    revision: vars.integer('SAMPLE_LOADS_REVISION', { fallback: 0, max: 1_000_000 }),
    changedEvery: vars.integer('SAMPLE_LOADS_CHANGED_EVERY', { fallback: 100, min: 1, max: 1_000_000 }),
    change: every === 0 ? null : { every, limit, seed },
  };
  try {
    vars.done();
  } catch (error) {
    if (error instanceof EnvError) throw new EnvError([...error.problems, ...problems]);
    throw error;
  }
  if (problems.length > 0) throw new EnvError(problems);
  return settings;
}
