// npm run bench:read [-- --loads N --runs R]
// How the build's read of every load (src/api-client/read-all.ts) costs, against the sample API on this
// machine: a board that holds still, boards that keep changing at two rates, and one that changes faster
// than it can be read. Prints list requests, single-load requests, passes and wall time (median of R
// runs). Figures, not assertions: no build runs, but the machine is shared and noisy.
import { readAllLoads } from '../../src/api-client/read-all';
import type { ReadAllResult, ReadAllSources } from '../../src/api-client/read-all';
import { apiSources } from '../../src/gatsby/read-loads';
import { startApi } from '../harness/sample-api';
import type { ChangeMode } from '../sample-api/server';
import { numberFlag, readFlags } from './flags';
import { medianOf } from './median';

process.env.GATSBY_TELEMETRY_DISABLED = '1';

const { loads: LOADS, runs: RUNS } = readFlags({ loads: numberFlag(10_000), runs: numberFlag(3, { min: 1 }) });

const SCENARIOS: Array<{ name: string; change: ChangeMode | null }> = [
  { name: 'still', change: null },
  { name: 'post + removal every 5 list requests', change: { every: 5, seed: 1 } },
  { name: 'post + removal every 2 list requests', change: { every: 2, seed: 1 } },
  { name: '3 posts + 3 removals every request', change: { every: 1, size: 3, seed: 1 } },
];

interface Counted {
  sources: ReadAllSources;
  counts: { list: number; single: number };
}

function counted(sources: ReadAllSources): Counted {
  const counts = { list: 0, single: 0 };
  return {
    counts,
    sources: {
      fetchPage: (page, limit) => {
        counts.list += 1;
        return sources.fetchPage(page, limit);
      },
      fetchLoad: (id) => {
        counts.single += 1;
        return sources.fetchLoad(id);
      },
    },
  };
}

async function main(): Promise<void> {
  console.log(`Reading ${LOADS} loads from the sample API, median of ${RUNS} runs`);
  console.log('board | outcome | loads | passes | list requests | single-load requests | dropped | seconds');
  for (const scenario of SCENARIOS) {
    const times: number[] = [];
    let line = '';
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh board per run, so every run reads the same changes.
      const api = await startApi({ port: 0, host: '127.0.0.1', loads: LOADS, quiet: true, change: scenario.change });
      const { sources, counts } = counted(apiSources({ baseUrl: api.url, retries: 0 }));
      const started = performance.now();
      let result: ReadAllResult | Error;
      try {
        result = await readAllLoads(sources);
      } catch (error) {
        result = error as Error;
      }
      times.push((performance.now() - started) / 1000);
      await api.close();
      line =
        result instanceof Error
          ? `failed: ${result.message.slice(0, 60)}… | - | - | ${counts.list} | ${counts.single} | -`
          : `ok | ${result.loads.length} | ${result.stats.passes} | ${counts.list} | ${counts.single} | ${result.stats.dropped}`;
    }
    console.log(`${scenario.name} | ${line} | ${medianOf(times).toFixed(2)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
