import { createHash } from 'node:crypto';

/** Per page: a hash of what it shows, and the build time at which it last changed. */
export type StampRecord = Record<string, [hash: string, changedAt: number]>;

/**
 * The "updated …" time of a pre-built list page is the build in which its content last changed, not
 * the current build: a page whose content is unchanged keeps its old context, so Gatsby does not render
 * it again, and an unchanged rebuild with thousands of place pages stays cheap.
 */
export class BuildStamps {
  private readonly next: StampRecord = {};

  constructor(
    private readonly previous: StampRecord,
    private readonly now: number,
  ) {}

  /** The time to show for `key`, whose content (without that time) is `content`. */
  stamp(key: string, content: unknown): number {
    const hash = createHash('sha1').update(JSON.stringify(content)).digest('base64');
    const earlier = this.previous[key];
    const changedAt = earlier && earlier[0] === hash && Number.isFinite(earlier[1]) ? earlier[1] : this.now;
    this.next[key] = [hash, changedAt];
    return changedAt;
  }

  record(): StampRecord {
    return this.next;
  }
}

export function readStampRecord(value: unknown): StampRecord {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as StampRecord) : {};
}
