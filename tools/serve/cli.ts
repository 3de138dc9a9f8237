// npm run serve: the built site on port 9000, as a CDN would serve it.
import { SERVE_PORT } from '../../src/config/constants';
import { toolEnv } from '../env';
import { startStaticServer } from '../serve/static-server';

const vars = toolEnv(process.env);
const port = vars.integer('PORT', { fallback: SERVE_PORT, min: 1, max: 65_535 });
vars.done();
startStaticServer('public', port)
  .then((server) => console.log(`Serving public/ at ${server.url} (404.html for unknown paths)`))
  .catch((error: unknown) => {
    console.error(`Cannot serve public/ on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
