/**
 * @jest-environment node
 */
/**
 * Floors point down (STYLE.md): a folder of src/ imports only from the floors below it. Read from the
 * source's import statements, static and dynamic, so a new back-edge fails here before review.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');

/** What each folder must never import from. */
const FORBIDDEN: Record<string, readonly string[]> = {
  components: ['sections', 'templates'],
  sections: ['templates'],
  head: ['components', 'sections', 'templates'],
  i18n: ['components', 'sections', 'templates', 'head'],
  content: ['components', 'sections', 'templates', 'head', 'i18n'],
  config: ['components', 'sections', 'templates', 'head', 'i18n', 'content'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top folder of src/ each relative import of a file lands in. */
function importedFloors(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((match) => match[1] ?? '');
  return specifiers.map((specifier) => path.relative(SRC, path.resolve(path.dirname(file), specifier)).split(path.sep)[0] ?? '');
}

function backEdges(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const floor = path.relative(SRC, file).split(path.sep)[0] ?? '';
    const forbidden = FORBIDDEN[floor] ?? [];
    return importedFloors(file)
      .filter((target) => forbidden.includes(target))
      .map((target) => `${path.relative(SRC, file)} imports from ${target}/`);
  });
}

describe('the floors of src/', () => {
  it('point down: no folder imports from a floor above it', () => {
    expect(backEdges()).toEqual([]);
  });

  it('are read from real imports (the check sees the edges that are allowed)', () => {
    const edges = sourceFiles(path.join(SRC, 'templates')).flatMap(importedFloors);
    expect(edges).toEqual(expect.arrayContaining(['components', 'head', 'sections']));
    expect(importedFloors(path.join(SRC, 'components', 'load-fallback.tsx'))).toContain('head');
  });
});
