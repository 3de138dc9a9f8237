import fs from 'node:fs';
import path from 'node:path';
import { laneSiteDir, lanePorts } from './env';

/**
 * Lane n's copy of the e2e build: the same files as if the build had been made for the lane's API and site
 * (`localhost:<port>` rewritten in every text file, plain and URL-encoded; other files hard-linked). No inline script names either
 * address (e2e/security.spec.ts checks the script policy's hashes), so the copy runs under the same policy.
 * One build serves every lane, and the copy takes a second or two where a second build takes minutes.
 */
export function writeLaneSite(lane: number): string {
  const from = laneSiteDir(0);
  const to = laneSiteDir(lane);
  const zero = lanePorts(0);
  const mine = lanePorts(lane);
  // As written and as a query's value (the Telegram share links carry the page's address encoded).
  const rewrites: [string, string][] = [zero.api, zero.site].flatMap((port, index) => {
    const next = index === 0 ? mine.api : mine.site;
    return [
      [`localhost:${port}`, `localhost:${next}`],
      [`localhost%3A${port}`, `localhost%3A${next}`],
    ] as [string, string][];
  });
  fs.rmSync(to, { recursive: true, force: true });
  copyRewritten(from, to, rewrites);
  return to;
}

function copyRewritten(from: string, to: string, rewrites: readonly [string, string][]): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copyRewritten(source, target, rewrites);
      continue;
    }
    const bytes = fs.readFileSync(source);
    const text = isText(bytes) ? bytes.toString('utf8') : null;
    if (text === null || !rewrites.some(([old]) => text.includes(old))) {
      linkOrCopy(source, target);
      continue;
    }
    fs.writeFileSync(
      target,
      rewrites.reduce((out, [old, next]) => out.replaceAll(old, next), text),
    );
  }
}

/** Text as far as this copy cares: no NUL byte in its first 8 KB (images and fonts have them). */
function isText(bytes: Buffer): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

function linkOrCopy(source: string, target: string): void {
  try {
    fs.linkSync(source, target);
  } catch {
    fs.copyFileSync(source, target);
  }
}
