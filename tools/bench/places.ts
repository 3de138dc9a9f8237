// npm run bench:places [-- --loads 10000]: what places cost, without a build. Prints the time to match
// every load's two places to the gazetteer, and the size of each language's suggestion file (raw and
// gzip) as the build writes it for that many sample loads.
import { gzipSync } from 'node:zlib';
import { generateLoads } from '../sample-api/data';
import { normalizeLoad } from '../../src/api-client/normalize';
import { matchPlace } from '../../src/places/match';
import { placeFilesFromLoads } from '../../src/places/place-file-from-loads';
import { numberFlag, readFlags } from './flags';

process.env.GATSBY_TELEMETRY_DISABLED = '1';
const { loads: count } = readFlags({ loads: numberFlag(10_000) });
const texts = generateLoads(count)
  .map((raw) => normalizeLoad(raw))
  .flatMap((load) => [load.from, load.to]);

const runs: number[] = [];
for (let run = 0; run < 5; run += 1) {
  const start = performance.now();
  let matched = 0;
  for (const text of texts) if (matchPlace(text)) matched += 1;
  runs.push(performance.now() - start);
  if (run === 0) console.log(`${count} loads, ${texts.length} place texts, ${matched} matched`);
}
console.log(`matching: first run ${runs[0]?.toFixed(1)} ms, best of 5 ${Math.min(...runs).toFixed(1)} ms`);

const start = performance.now();
const indexes = placeFilesFromLoads(texts);
console.log(`index build (3 languages): ${(performance.now() - start).toFixed(1)} ms`);
console.log('| language | places | raw (KB) | gzip (KB) |');
console.log('| --- | ---: | ---: | ---: |');
for (const [lang, index] of Object.entries(indexes)) {
  const json = JSON.stringify(index);
  console.log(`| ${lang} | ${index.places.length} | ${(json.length / 1024).toFixed(1)} | ${(gzipSync(json).length / 1024).toFixed(1)} |`);
}
