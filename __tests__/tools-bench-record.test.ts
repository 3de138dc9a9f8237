import fs from 'node:fs';
import { readingOf, withReading } from '../tools/bench/record';

describe('the benches’ results file', () => {
  const reading = (day: string, text: string) => readingOf('bench:filters --loads 10', new Date(`${day}T10:00:00Z`), '1.00', '2.00', text);

  it('starts with its header and puts each reading first, the older ones below, none lost', () => {
    const first = withReading('', reading('2026-11-27', 'old figures'));
    const second = withReading(first, reading('2026-11-28', 'new figures'));
    expect(second.startsWith('# Benchmark results\n')).toBe(true);
    expect(second.indexOf('new figures')).toBeLessThan(second.indexOf('old figures'));
    expect(second.match(/^## /gm)).toHaveLength(2);
    expect(second).toContain('## 2026-11-28: `npm run bench:filters --loads 10`');
    expect(second).toMatch(/\d+ cores, Node v\d+.*load average 1\.00 before and 2\.00 after/);
  });

  it('says when the bench ran on a Node other than the one the site pins, whose figures CI compares', () => {
    const pinned = fs.readFileSync('.node-version', 'utf8').trim();
    const text = readingOf('bench:filters', new Date('2026-12-02T10:00:00Z'), '1.00', '2.00', 'figures');
    if (process.version === `v${pinned}`) expect(text).toContain(`Node ${process.version}, load average`);
    else expect(text).toContain(`Node ${process.version} (the site pins v${pinned}), load average`);
    expect(readingOf('bench:filters', new Date(), '1', '2', 'x', 'v20.20.2')).toContain(`Node v20.20.2 (the site pins v${pinned})`);
    expect(readingOf('bench:filters', new Date(), '1', '2', 'x', `v${pinned}`)).toContain(`Node v${pinned}, load average`);
  });
});
