/**
 * What bench:lighthouse serves beside the site while it runs: the floor, the compared build
 * (--compare), and for --without-script the site and the floor with every script taken out and the
 * floor with the i18n plugin. Closing stops them all and removes the copies without script.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FLOOR_PORT } from '../floor';
import { copyWithoutScript } from '../without-script';
import { startStaticServer, type StaticServer } from '../../serve/static-server';

const COMPARE_PORT = 9711;
const WITHOUT_SCRIPT_PORTS = { pages: 9715, floor: 9716, floorI18n: 9717 } as const;

export interface BenchServers {
  /** Absent with --budgets-only: no floor is built or measured. */
  floorUrl?: string;
  compareUrl?: string;
  /** Origins of the site without script and the floor's two other forms, with --without-script. */
  withoutScript?: { pages: string; floor: string; floorI18n: string };
  close(): Promise<void>;
}

const origin = (port: number) => `http://localhost:${port}`;

export async function startBenchServers(options: {
  siteDir: string;
  floorDir?: string;
  compareDir?: string;
  /** The i18n floor's build, when the pages are also measured without script. */
  floorI18nDir?: string;
}): Promise<BenchServers> {
  const servers: StaticServer[] = [];
  const folders: string[] = [];
  const serve = async (dir: string, port: number) => {
    servers.push(await startStaticServer(dir, port));
    return origin(port);
  };
  const close = async () => {
    for (const server of servers) await server.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
  try {
    const floorUrl = options.floorDir ? `${await serve(options.floorDir, FLOOR_PORT)}/` : undefined;
    const compareUrl = options.compareDir ? await serve(options.compareDir, COMPARE_PORT) : undefined;
    let withoutScript: BenchServers['withoutScript'];
    if (options.floorI18nDir && options.floorDir) {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-without-script-'));
      folders.push(folder);
      copyWithoutScript(options.siteDir, path.join(folder, 'site'));
      copyWithoutScript(options.floorDir, path.join(folder, 'floor'));
      withoutScript = {
        pages: await serve(path.join(folder, 'site'), WITHOUT_SCRIPT_PORTS.pages),
        floor: `${await serve(path.join(folder, 'floor'), WITHOUT_SCRIPT_PORTS.floor)}/`,
        floorI18n: `${await serve(options.floorI18nDir, WITHOUT_SCRIPT_PORTS.floorI18n)}/`,
      };
    }
    return { floorUrl, compareUrl, withoutScript, close };
  } catch (error) {
    await close();
    throw error;
  }
}
