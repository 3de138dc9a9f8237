// npm run develop: the sample API on port 4010 and `gatsby develop` against it (React, fast refresh),
// the site at http://localhost:8000. With GATSBY_API_URL set, that API is used instead and no sample
// API is started. Like `npm start`, but for changing the code rather than trying the production build.
import { DEVELOP_PORT } from '../../src/config/constants';
import { startApi } from '../harness/sample-api';
import { run } from '../harness/stack';
import { toolEnv } from '../env';

async function main(): Promise<void> {
  const vars = toolEnv(process.env);
  const external = vars.url('GATSBY_API_URL', { example: 'https://api.yukbor.uz/api' });
  const port = vars.integer('PORT', { fallback: DEVELOP_PORT, min: 1, max: 65_535 });
  // Canonical and share URLs then point at the development server, unless SITE_URL says otherwise.
  const siteUrl = vars.string('SITE_URL', { fallback: `http://localhost:${port}` });
  vars.done();
  const api = external ? null : await startApi();
  const apiUrl = external || api?.url || '';
  if (api) console.log(`Sample API at ${api.url}`);
  try {
    await run('npx', ['gatsby', 'develop', '--port', String(port)], { GATSBY_API_URL: apiUrl, SITE_URL: siteUrl });
  } finally {
    await api?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
