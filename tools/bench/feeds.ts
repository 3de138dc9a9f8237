// npm run bench:feeds [-- --loads 10000]: what the feeds cost, without a build. Writes every feed and
// feeds/board.json for that many sample loads into a temporary folder as the build's last step does,
// then again for the same board (nothing should be written) and prints counts, sizes and times.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateLoads } from '../sample-api/data';
import { normalizeLoad } from '../../src/api-client/normalize';
import { writeFeedFiles } from '../../src/gatsby/feeds';
import { groupBuildLoads } from '../../src/loads/gazetteer-groups';
import { numberFlag, readFlags } from './flags';

const { loads: count } = readFlags({ loads: numberFlag(10_000) });
const loads = generateLoads(count).map((raw) => normalizeLoad(raw));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-feeds-'));

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

function sizes(root: string): { files: number; raw: number; gzip: number; largest: number } {
  const totals = { files: 0, raw: 0, gzip: 0, largest: 0 };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.atom')) {
        const data = fs.readFileSync(full);
        totals.files += 1;
        totals.raw += data.length;
        totals.gzip += gzipSync(data).length;
        totals.largest = Math.max(totals.largest, data.length);
      }
    }
  };
  walk(root);
  return totals;
}

try {
  const groups = timed(() => groupBuildLoads(loads));
  const first = timed(() => writeFeedFiles(dir, loads, groups.result, 'https://yukbor.uz'));
  const again = timed(() => writeFeedFiles(dir, loads, groups.result, 'https://yukbor.uz'));
  const total = sizes(path.join(dir, 'feeds'));
  const board = fs.statSync(path.join(dir, 'feeds', 'board.json')).size;
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  console.log(`${count} loads: ${first.result.feeds} feeds (3 languages), grouping ${groups.ms.toFixed(0)} ms`);
  console.log(`first write: ${(first.ms / 1000).toFixed(2)} s, ${first.result.written} files`);
  console.log(`unchanged board: ${(again.ms / 1000).toFixed(2)} s, ${again.result.written} files written`);
  console.log(
    `feeds: ${total.files} files, ${mb(total.raw)} MB raw, ${mb(total.gzip)} MB gzip, largest ${(total.largest / 1024).toFixed(0)} KB; board.json ${mb(board)} MB`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
