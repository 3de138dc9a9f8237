import fs from 'node:fs';
import path from 'node:path';

/**
 * What a spec calls to change or count the one sample API every spec shares (e2e/support.ts, the phone
 * network harness). A spec that calls one of them runs with no other spec beside it; the others only read
 * the API and their own pages, and run two at a time.
 */
const SHARED_STATE_CALLS = /\b(controlApi|resetApi|apiRequests|startPhoneNetwork)\b/;

export interface SpecGroups {
  /** Specs that change or count what the others read: one worker. */
  alone: string[];
  /** The rest: as many workers as the machine has cores, at most two. */
  together: string[];
}

export function specGroups(dir: string): SpecGroups {
  const specs = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => path.join(dir, name));
  const alone = specs.filter((file) => SHARED_STATE_CALLS.test(fs.readFileSync(file, 'utf8')));
  return { alone, together: specs.filter((file) => !alone.includes(file)) };
}
