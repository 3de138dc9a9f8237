// npm run develop: the sample API on port 4010 and `gatsby develop` against it (React, fast refresh),
// the site at http://localhost:8000. With GATSBY_API_URL set, that API is used instead and no sample
// API is started. Like `npm start`, but for changing the code rather than trying the production build.
import { DEVELOP_PORT } from '../../src/config/constants';
import { startApi } from '../harness/sample-api';
import { run } from '../harness/stack';

async function main(): Promise<void> {
  const external = process.env.GATSBY_API_URL;
  const api = external ? null : await startApi();
  const apiUrl = external ?? api?.url ?? '';
  if (api) console.log(`Sample API at ${api.url}`);
  const port = Number(process.env.PORT) || DEVELOP_PORT;
  try {
    // Canonical and share URLs then point at the development server, unless SITE_URL says otherwise.
    await run('npx', ['gatsby', 'develop', '--port', String(port)], {
      GATSBY_API_URL: apiUrl,
      SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
    });
  } finally {
    await api?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
