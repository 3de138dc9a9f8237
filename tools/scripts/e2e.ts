// npm run test:e2e: sample API + production build + CDN-like server, then Playwright in Debian's
// Chromium. E2E_REUSE_BUILD=1 skips the build when public/ was just built against the e2e API
// (CI does that after its own build step). The build records into a fresh board history in a temporary
// folder, started with the sample API's past (closed loads, going rates), never into the developer's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../serve/static-server';
import { E2E_ALERTS_BOT, E2E_API_PORT, E2E_API_URL, E2E_SITE_PORT, E2E_SITE_URL } from '../harness/env';
import { startApi } from '../harness/sample-api';
import { buildSite, run } from '../harness/stack';
import { importSamplePast } from '../history/sample';
import { toolEnv } from '../env';
import { specGroups } from './e2e-groups';
import { PINNED_SAMPLE_DAY } from '../sample-api/data';

async function main(): Promise<number> {
  const vars = toolEnv(process.env);
  const reuseBuild = vars.flag('E2E_REUSE_BUILD');
  vars.done();
  // The specs read the loads they expect from the generator's pinned day, whatever the day they run on.
  const api = await startApi({ port: E2E_API_PORT, quiet: true, day: PINNED_SAMPLE_DAY });
  try {
    if (reuseBuild && fs.existsSync('public/404.html')) {
      console.log('Reusing the build in public/');
    } else {
      const historyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-history-'));
      const historyFile = path.join(historyDir, 'history.sqlite');
      try {
        await importSamplePast(historyFile);
        await buildSite(E2E_API_URL, { SITE_URL: E2E_SITE_URL, HISTORY_FILE: historyFile, TELEGRAM_ALERTS_BOT: E2E_ALERTS_BOT });
      } finally {
        fs.rmSync(historyDir, { recursive: true, force: true });
      }
    }
    const site = await startStaticServer('public', E2E_SITE_PORT);
    try {
      const args = process.argv.slice(2);
      if (args.length > 0) {
        await run('npx', ['playwright', 'test', ...args]);
        return 0;
      }
      // The whole suite: the specs that only read the shared API two at a time, then those that change it alone.
      const { together, alone } = specGroups('e2e');
      const workers = String(Math.min(2, os.cpus().length));
      let failed = false;
      for (const [specs, count] of [
        [together, workers],
        [alone, '1'],
      ] as const) {
        if (specs.length === 0) continue;
        await run('npx', ['playwright', 'test', '--workers', count, ...specs]).catch(() => (failed = true));
      }
      return failed ? 1 : 0;
    } catch {
      return 1;
    } finally {
      await site.close();
    }
  } finally {
    await api.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
