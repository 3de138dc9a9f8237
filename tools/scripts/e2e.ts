// npm run test:e2e: sample API + production build + CDN-like server, then Playwright in Debian's
// Chromium. E2E_REUSE_BUILD=1 skips the build when public/ was just built against the e2e API
// (CI does that after its own build step). The build records into a fresh board history in a temporary
// folder, started with the sample API's past (closed loads, going rates), never into the developer's.
// Each Playwright worker has a lane of its own: a sample API and the build served for it
// (tools/harness/e2e-lanes.ts), so specs that switch the API's failure modes run beside each other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../serve/static-server';
import { E2E_ALERTS_BOT, E2E_API_URL, E2E_SITE_URL, laneSiteDir, lanePorts } from '../harness/env';
import { writeLaneSite } from '../harness/e2e-lanes';
import { startApi, type HarnessApi } from '../harness/sample-api';
import { buildSite, run } from '../harness/stack';
import { importSamplePast } from '../history/sample';
import { toolEnv } from '../env';
import { PINNED_SAMPLE_DAY } from '../sample-api/data';

/** One lane per core, at most two: a third worker on two cores only slows the other two. */
const LANES = Math.min(2, os.cpus().length);

async function main(): Promise<number> {
  const vars = toolEnv(process.env);
  const reuseBuild = vars.flag('E2E_REUSE_BUILD');
  vars.done();
  const apis: HarnessApi[] = [];
  const sites: StaticServer[] = [];
  try {
    // The specs read the loads they expect from the generator's pinned day, whatever the day they run on.
    for (let lane = 0; lane < LANES; lane += 1) {
      apis.push(await startApi({ port: lanePorts(lane).api, quiet: true, day: PINNED_SAMPLE_DAY }));
    }
    if (reuseBuild && fs.existsSync('public/404.html')) console.log('Reusing the build in public/');
    else await buildForE2e();
    for (let lane = 0; lane < LANES; lane += 1) {
      const dir = lane === 0 ? laneSiteDir(0) : writeLaneSite(lane);
      sites.push(await startStaticServer(dir, lanePorts(lane).site));
    }
    const args = process.argv.slice(2);
    const workers = args.some((arg) => arg.startsWith('--workers') || arg === '-j') ? [] : ['--workers', String(LANES)];
    // Playwright has said what failed; a lane that could not start is said by main's catch below.
    return await run('npx', ['playwright', 'test', ...workers, ...args]).then(
      () => 0,
      () => 1,
    );
  } finally {
    await Promise.all([...sites, ...apis].map((server) => server.close()));
  }
}

async function buildForE2e(): Promise<void> {
  const historyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-history-'));
  const historyFile = path.join(historyDir, 'history.sqlite');
  try {
    await importSamplePast(historyFile);
    await buildSite(E2E_API_URL, { SITE_URL: E2E_SITE_URL, HISTORY_FILE: historyFile, TELEGRAM_ALERTS_BOT: E2E_ALERTS_BOT });
  } finally {
    fs.rmSync(historyDir, { recursive: true, force: true });
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
