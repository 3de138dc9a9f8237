// npm start: the sample API on port 4010, a production build against it, served at port 9000.
// With GATSBY_API_URL set, that API is used instead and no sample API is started.
// With the sample API, a missing board history (HISTORY_FILE) starts with the sample API's past, so
// the history's figures show at once. With SITE_URL unset, the pages' own links (canonical, sitemap,
// share links) name the port the site is served on, so a PORT other than 9000 still links to itself.
import { SERVE_PORT } from '../../src/config/constants';
import { startStaticServer } from '../serve/static-server';
import { startApi } from '../harness/sample-api';
import { buildSite } from '../harness/stack';
import { historyFile } from '../../src/history/config';
import { importSamplePast } from '../history/sample';
import { toolEnv } from '../env';

async function main(): Promise<void> {
  const vars = toolEnv(process.env);
  const external = vars.url('GATSBY_API_URL', { example: 'https://api.yukbor.uz/api' });
  const port = vars.integer('PORT', { fallback: SERVE_PORT, min: 1, max: 65_535 });
  const siteUrl = vars.url('SITE_URL', { fallback: `http://localhost:${port}`, example: 'https://yukbor.uz' });
  vars.done();
  const api = external ? null : await startApi();
  const apiUrl = external || api?.url || '';
  if (api) console.log(`Sample API at ${api.url}, its loads counting back from ${(await api.control.state()).day} (SAMPLE_DAY)`);
  const file = historyFile();
  const past = api ? await importSamplePast(file) : null;
  if (past) console.log(`Started the board history ${file} with the sample API's past: ${past.new} loads over six months.`);
  await buildSite(apiUrl, { SITE_URL: siteUrl });
  const server = await startStaticServer('public', port);
  console.log(`\nThe site is at ${server.url} (API: ${apiUrl}; its links name ${siteUrl}). Ctrl+C stops both.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
