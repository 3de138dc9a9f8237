import { fetchLoads } from '../../src/api-client/client';
import type { Load } from '../../src/api-client/types';
import {
  startSampleApi,
  type ChangeMode,
  type ControlAnswer,
  type ListOrderSetting,
  type ResponseShape,
  type SampleApi,
  type SampleApiOptions,
} from '../sample-api/server';
import { sampleApiEnv } from '../sample-api/from-env';
import type { PostedPlaces } from '../sample-api/changes';

/**
 * The one way to start the sample API and to talk to its `/__control`: jest's global setup and test
 * files, the e2e runner and Playwright specs, `npm start`, the scripts and the benchmarks all come here.
 */

export interface StartApiOptions extends SampleApiOptions {
  /** When `port` is taken, take any free port instead of failing (jest: another run may hold it). */
  orFreePort?: boolean;
}

export interface HarnessApi extends SampleApi {
  control: ApiControl;
}

/**
 * Port, load count, day, shape, order and quiet default to API_PORT, SAMPLE_LOADS, SAMPLE_DAY, API_SHAPE,
 * API_ORDER and API_QUIET, then to the contract's 4010 and 120, the UTC day it starts on, the `data`
 * shape, newest first and a request log.
 */
export async function startApi(options: StartApiOptions = {}): Promise<HarnessApi> {
  const { orFreePort = false, ...rest } = options;
  const env = sampleApiEnv(process.env);
  const port = rest.port ?? env.port;
  const settings = {
    ...rest,
    port,
    loads: rest.loads ?? env.loads,
    day: rest.day ?? env.day,
    shape: rest.shape ?? env.shape,
    order: rest.order ?? env.order,
    quiet: rest.quiet ?? env.quiet,
  };
  let api: SampleApi;
  try {
    api = await startSampleApi(settings);
  } catch (error) {
    if (orFreePort && port !== 0 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      api = await startSampleApi({ ...settings, port: 0 });
    } else {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot start the sample API on port ${port}: ${reason}. Is another one running? Set API_PORT.`);
    }
  }
  return { ...api, control: apiControl(api.url) };
}

/** What POST /__control accepts (tools/sample-api/server.ts documents each field). */
export interface ControlSettings {
  day?: string;
  shape?: ResponseShape;
  order?: ListOrderSetting;
  fail?: number | null;
  delayMs?: number;
  revision?: number;
  loads?: number;
  reset?: true;
  change?: ChangeMode | null;
  broken?: string[];
  take?: string[];
  post?: PostedPlaces[];
  resetTraffic?: true;
  portal?: boolean;
}

export interface ApiControl {
  /** The control URL, `<origin>/__control`. */
  url: string;
  /** Applies the settings; throws with the API's answer when it refuses them. */
  set(settings: ControlSettings): Promise<ControlAnswer>;
  /** Back to the start-up state. */
  reset(): Promise<ControlAnswer>;
  state(): Promise<ControlAnswer>;
  /** The ids the board holds now, in its order, without counting as a list request. */
  ids(): Promise<string[]>;
  /** The raw POST, for tests of what the control API refuses. */
  post(body: unknown): Promise<Response>;
}

/** A client of the `/__control` of the sample API whose base URL (ending in `/api`) is given. */
export function apiControl(apiUrl: string): ApiControl {
  const url = `${apiUrl.replace(/\/api\/?$/, '')}/__control`;
  const post = (body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const read = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`Sample API control failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    url,
    post,
    set: async (settings) => read<ControlAnswer>(await post(settings)),
    reset: async () => read<ControlAnswer>(await post({ reset: true })),
    state: async () => read<ControlAnswer>(await fetch(url)),
    ids: async () => read<string[]>(await fetch(`${url}/ids`)),
  };
}

/**
 * Every load the API lists for `search` (all of them without one), page by page: what tests and
 * benchmarks compare the board's merged search with. The build's own read is readAllLoads, which also
 * copes with a board that changes while it is read; the sample API here holds still.
 */
export async function everyLoad(baseUrl: string, search?: string): Promise<Load[]> {
  const loads: Load[] = [];
  for (let page = 1; ; page += 1) {
    const list = await fetchLoads({ page, limit: 100, search }, { baseUrl });
    loads.push(...list.loads);
    if (list.loads.length === 0 || loads.length >= list.total) return loads;
  }
}
