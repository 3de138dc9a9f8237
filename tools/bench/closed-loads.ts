// npm run bench:closed [-- --live 10000 --closed 60000]: what explaining closed loads costs, without a
// build. Makes the closed-load index (src/gatsby/closed-loads.ts) of that many sample loads closed over
// the last 30 days, with the place pages of `--live` open loads for the lead-on links, writes it into a
// temporary folder as the build's last step does, then again unchanged, and prints the shards' count and
// sizes, the times, and what the pre-built alternative would have added to the build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateLoad, VEHICLE_TYPES } from '../sample-api/data';
import { normalizeLoad } from '../../src/api-client/normalize';
import { CLOSED_LOAD_KEEP_MS, CLOSED_LOAD_SHARDS } from '../../src/config/constants';
import { LANGUAGES } from '../../src/config/languages';
import { closedLoadShards, leadOnPagesOf, writeClosedLoadShards } from '../../src/gatsby/closed-loads';
import { groupBuildLoads } from '../../src/loads/gazetteer-groups';
import { historyFieldsOf, VehicleTypes } from '../../src/history/record';
import type { HistoryLoad } from '../../src/history/types';
import { numberFlag, readFlags } from './flags';

const { live, closed: closedCount } = readFlags({ live: numberFlag(10_000), closed: numberFlag(60_000) });
const buildTime = Date.UTC(2026, 10, 25, 6);

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

const board = Array.from({ length: live }, (_, index) => normalizeLoad(generateLoad(index)));
// The closed loads are the sample loads after the live ones, closed evenly over the 30 days.
const vehicleTypes = new VehicleTypes(VEHICLE_TYPES.map((type) => type.name));
const closed: HistoryLoad[] = Array.from({ length: closedCount }, (_, index) => {
  const fields = historyFieldsOf(normalizeLoad(generateLoad(live + index)), 'bench', vehicleTypes);
  const closedAt = buildTime - Math.floor(((index + 0.5) / closedCount) * CLOSED_LOAD_KEEP_MS);
  return { ...fields, posterHash: null, firstSeen: closedAt - 5 * 24 * 3600 * 1000, lastSeen: closedAt - 15 * 60 * 1000, closedAt };
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-closed-'));

try {
  const pages = timed(() => leadOnPagesOf(groupBuildLoads(board)));
  const shards = timed(() => closedLoadShards(closed, buildTime, pages.result, new Set(board.map((load) => load.id))));
  const first = timed(() => writeClosedLoadShards(dir, shards.result));
  const again = timed(() => writeClosedLoadShards(dir, closedLoadShards(closed, buildTime, pages.result)));
  const gzip = [...shards.result.files.values()].map((json) => gzipSync(json).length).sort((a, b) => a - b);
  const raw = [...shards.result.files.values()].map((json) => Buffer.byteLength(json)).sort((a, b) => a - b);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const leads = { route: 0, from: 0, search: 0 };
  for (const json of shards.result.files.values())
    for (const entry of (JSON.parse(json) as { loads: Array<{ leadOn: { kind: keyof typeof leads } }> }).loads)
      leads[entry.leadOn.kind] += 1;
  const prebuilt = closedCount * (LANGUAGES.length + 1);
  console.log(`${closedCount} closed loads (30 days), lead-on pages from ${live} live loads; ${CLOSED_LOAD_SHARDS} shards at most`);
  console.log(
    `shards: ${first.result.shards} files, ${shards.result.loads} loads, ${kb(first.result.bytes)} raw, ${kb(gzip.reduce((sum, size) => sum + size, 0))} gzip in all`,
  );
  console.log(
    `per shard: median ${kb(raw[Math.floor(raw.length / 2)] ?? 0)} raw, ${kb(gzip[Math.floor(gzip.length / 2)] ?? 0)} gzip; largest ${kb(gzip[gzip.length - 1] ?? 0)} gzip (what a phone fetches for one id)`,
  );
  console.log(`lead-on: ${leads.route} route pages, ${leads.from} city pages, ${leads.search} board searches`);
  console.log(
    `time: index ${(shards.ms / 1000).toFixed(2)} s, first write ${(first.ms / 1000).toFixed(2)} s (${first.result.written} files), unchanged rewrite ${(again.ms / 1000).toFixed(2)} s (${again.result.written} written); place groups ${(pages.ms / 1000).toFixed(2)} s (the build has them already)`,
  );
  console.log(
    `pages: 0 extra (0 %); pre-built closed-load pages would be ${prebuilt} (${closedCount} loads x ${LANGUAGES.length + 1} variants), ${((prebuilt / (live * (LANGUAGES.length + 1))) * 100).toFixed(0)} % of the ${live * (LANGUAGES.length + 1)} load pages of the live board`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
