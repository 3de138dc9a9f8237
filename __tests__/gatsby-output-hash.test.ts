import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Stats } from 'webpack';
import { OutputHashPlugin } from '../src/gatsby/output-hash';

// The compilation hash Gatsby writes into every page must follow the output alone: the same files from a
// cold or a warm webpack cache give the same hash, and different files a different one.
describe('the output hash', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'output-hash-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function compile(source: string, cacheDirectory: string): Promise<Stats> {
    fs.writeFileSync(path.join(dir, 'entry.js'), source);
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { app: './entry.js' },
      output: { path: path.join(dir, 'out'), filename: '[name]-[contenthash].js' },
      cache: { type: 'filesystem', cacheDirectory },
      plugins: [new OutputHashPlugin()],
    });
    return new Promise((resolve, reject) => {
      compiler.run((error, stats) => {
        compiler.close(() => (error || !stats ? reject(error ?? new Error('no stats')) : resolve(stats)));
      });
    });
  }

  // What the browser gets: every emitted file, by name and content.
  function hashOfFiles(): string {
    const out = path.join(dir, 'out');
    const hash = createHash('sha256');
    for (const name of fs.readdirSync(out).sort())
      hash
        .update(name)
        .update('\0')
        .update(fs.readFileSync(path.join(out, name)))
        .update('\0');
    return hash.digest('hex').slice(0, 20);
  }

  it('is a hash of the emitted files', async () => {
    const stats = await compile('console.log(navigator.language);', path.join(dir, 'cache'));
    expect(stats.hash).toBe(hashOfFiles());
  }, 60_000);

  it('is the same for the same output, from a cold and from a warm cache', async () => {
    const source = 'export const answer = () => document.title.length * 42; answer();';
    const cache = path.join(dir, 'cache');
    const cold = await compile(source, cache);
    const warm = await compile(source, cache);
    const elsewhere = await compile(source, path.join(dir, 'another-cache'));
    expect(cold.hasErrors()).toBe(false);
    expect(cold.hash).toMatch(/^[0-9a-f]{20}$/);
    expect(warm.hash).toBe(cold.hash);
    expect(elsewhere.hash).toBe(cold.hash);
  }, 60_000);

  it('changes when the output does', async () => {
    const first = await compile('console.log(document.title);', path.join(dir, 'cache'));
    const second = await compile('console.log(document.title + "!");', path.join(dir, 'cache'));
    expect(second.hash).not.toBe(first.hash);
  }, 60_000);
});
