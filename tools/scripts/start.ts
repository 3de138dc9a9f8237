// npm start: the sample API on port 4010, a production build against it, served at port 9000.
// With GATSBY_API_URL set, that API is used instead and no sample API is started.
import { SERVE_PORT } from '../../src/config/constants';
import { startStaticServer } from '../serve/static-server';
import { startApi } from '../harness/sample-api';
import { buildSite } from '../harness/stack';

async function main(): Promise<void> {
  const external = process.env.GATSBY_API_URL;
  const api = external ? null : await startApi();
  const apiUrl = external ?? api?.url ?? '';
  if (api) console.log(`Sample API at ${api.url}`);
  await buildSite(apiUrl);
  const server = await startStaticServer('public', Number(process.env.PORT) || SERVE_PORT);
  console.log(`\nThe site is at ${server.url} (API: ${apiUrl}). Ctrl+C stops both.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
