// The README and docs/ are a newcomer's map: every path of the repository they cite must exist, or the
// map sends people to rooms that were moved. A cited path is a code span starting at one of the
// repository's folders; patterns (`{lng}`, `<hash>`, `*`) name many files and are left to the reader.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const REPO_FOLDERS = ['src/', 'tools/', '__tests__/', 'e2e/', 'locales/', '.ci/', 'docs/', '.github/'];
const PATTERN = /[{}<>*…]/;

function documents(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.map((name) => `docs/${name}`)];
}

/** Code spans of a Markdown text that name a path of the repository, without a line or anchor suffix. */
function citedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, span = ''] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (!REPO_FOLDERS.some((folder) => span.startsWith(folder)) || PATTERN.test(span)) continue;
    paths.add(span.replace(/[:#].*$/, '').replace(/[.,)]+$/, ''));
  }
  return [...paths];
}

describe('the paths the docs cite', () => {
  it('reads a cited path and leaves patterns and other code alone', () => {
    expect(citedPaths('see `src/search/matcher.ts:12`, `locales/{lng}/board.json`, `npm test` and `tools/`.')).toEqual([
      'src/search/matcher.ts',
      'tools/',
    ]);
  });

  it.each(documents())('%s cites only paths that exist', (document) => {
    const missing = citedPaths(fs.readFileSync(path.join(ROOT, document), 'utf8')).filter(
      (cited) => !fs.existsSync(path.join(ROOT, cited)),
    );
    expect(missing).toEqual([]);
  });
});

describe('the commands the README names', () => {
  it('names every bench package.json has, and docs/benchmarks.md gives each its section', () => {
    const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts);
    const benches = scripts
      .filter((name) => name.startsWith('bench:') && name !== 'bench:record')
      .map((name) => name.slice('bench:'.length));
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const listed = /`npm run bench:NAME` \(([^)]*)\)/.exec(readme.replace(/\n\s*/g, ' '))?.[1] ?? '';
    const benchmarks = fs.readFileSync(path.join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
    expect(benches.filter((name) => !listed.includes(`\`${name}\``))).toEqual([]);
    expect(benches.filter((name) => !benchmarks.includes(`npm run bench:${name}`))).toEqual([]);
  });
});
