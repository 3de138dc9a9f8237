import fs from 'node:fs';
import path from 'node:path';
import { CLOSED_LOAD_KEEP_MS } from '../src/config/constants';
import { CLOSED_LOADS_DIR } from '../src/config/routes';
import { findClosedLoad, type ClosedLoadEntry } from '../src/loads/closed-index';
import { E2E_PUBLIC_DIR } from './env';

const PUBLIC = E2E_PUBLIC_DIR;

/**
 * The closed loads the build published (its history holds the sample API's past, whose newest loads
 * closed in the last days), read from the build's own files: those the browser will still explain for
 * at least the next hour, newest first. The e2e runner builds before Playwright loads the specs.
 */
export function publishedClosedLoads(): ClosedLoadEntry[] {
  const dir = path.join(PUBLIC, CLOSED_LOADS_DIR);
  if (!fs.existsSync(dir)) return [];
  const now = Date.now() + 60 * 60 * 1000;
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const shard = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { loads: Array<{ id: string }> };
      return shard.loads.map((load) => findClosedLoad(shard, load.id, now)).filter((entry): entry is ClosedLoadEntry => entry !== null);
    })
    .sort((a, b) => b.closedAt - a.closedAt);
}

/** A published closed load that leads on to its route page (the usual case), for specs that need one. */
export function closedLoadWithRoutePage(): ClosedLoadEntry | undefined {
  return publishedClosedLoads().find((entry) => entry.leadOn.kind === 'route' && Date.now() - entry.closedAt < CLOSED_LOAD_KEEP_MS);
}
