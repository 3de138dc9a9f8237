import { BUILD_STEP_LINE, stepClock, timedAsyncStep, timedStep } from '../src/gatsby/build-steps';

function reporter(): { info: (line?: string) => void; lines: string[] } {
  const lines: string[] = [];
  return { info: (line) => lines.push(line ?? ''), lines };
}

describe('the build steps bench:build reads', () => {
  it('logs one line per step that the bench reads back with its name and seconds', () => {
    const log = reporter();
    expect(timedStep(log, 'filter files', () => 42)).toBe(42);
    expect(log.lines).toHaveLength(1);
    const [, name, wall, cpu] = BUILD_STEP_LINE.exec(log.lines[0] as string) ?? [];
    expect(name).toBe('filter files');
    expect(Number(wall)).toBeGreaterThanOrEqual(0);
    expect(Number(cpu)).toBeGreaterThanOrEqual(0);
  });

  it('counts every stretch of a step to one line, and logs a step that failed', async () => {
    const log = reporter();
    const trips = stepClock('trips');
    expect(trips.time(() => 'a') + trips.time(() => 'b')).toBe('ab');
    trips.report(log);
    expect(() =>
      timedStep(log, 'place pages', () => {
        throw new Error('broken');
      }),
    ).toThrow('broken');
    await expect(timedAsyncStep(log, 'reading the API', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(log.lines.map((line) => BUILD_STEP_LINE.exec(line)?.[1])).toEqual(['trips', 'place pages', 'reading the API']);
  });
});
