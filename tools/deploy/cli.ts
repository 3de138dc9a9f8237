import { deploy, deployConfigFromEnv } from './deploy';

/** `npm run deploy`: publishes public/ to the bucket named by DEPLOY_BUCKET (docs/hosting.md). */
async function main(): Promise<void> {
  await deploy(deployConfigFromEnv(process.env));
}

main().catch((error: unknown) => {
  console.error(`Deploy failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
