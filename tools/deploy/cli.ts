import { deploy, deployConfigFromEnv } from './deploy';
import { moveStateOutOfSite } from './move-state';

/**
 * `npm run deploy`: publishes public/ to the bucket named by DEPLOY_BUCKET (docs/hosting.md).
 * `npm run deploy -- move-state`: once, moves the state older deploys kept beside the site to where the
 * CDN does not serve it (move-state.ts).
 */
async function main(): Promise<void> {
  const action = process.argv[2];
  const config = deployConfigFromEnv(process.env);
  if (action === 'move-state') {
    const report = await moveStateOutOfSite(config);
    if (report.conflicts.length > 0) process.exitCode = 1;
    return;
  }
  if (action !== undefined) throw new Error(`unknown command ${JSON.stringify(action)}: npm run deploy [-- move-state]`);
  await deploy(config);
}

main().catch((error: unknown) => {
  console.error(`Deploy failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
