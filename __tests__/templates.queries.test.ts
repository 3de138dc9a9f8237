/**
 * @jest-environment node
 *
 * Gatsby returns nodes of an unsorted query in whatever order its store holds them, which differs
 * between two clean builds: the page-data of a page then changes with no change to the site, and a
 * deploy that compares content uploads it again. Every `allLocale` query must say its order.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['src/templates', 'src/pages'];

function sourceFiles(): string[] {
  return ROOTS.filter((root) => fs.existsSync(root)).flatMap((root) =>
    fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(t|j)sx?$/.test(name))
      .map((name) => path.join(root, name)),
  );
}

/** The argument list of each `allLocale(...)` call in a file's queries. */
function allLocaleArguments(source: string): string[] {
  const found: string[] = [];
  const pattern = /allLocale\s*\(/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < source.length) {
      if (source[end] === '(') depth += 1;
      if (source[end] === ')') depth -= 1;
      end += 1;
    }
    found.push(source.slice(match.index + match[0].length, end - 1));
  }
  return found;
}

describe('page queries give the same page-data on every build', () => {
  const queries = sourceFiles().flatMap((file) => allLocaleArguments(fs.readFileSync(file, 'utf8')).map((args) => ({ file, args })));

  it('finds the templates’ locale queries', () => {
    expect(queries.length).toBeGreaterThanOrEqual(10);
  });

  it.each(queries.map(({ file, args }) => [file, args]))('%s sorts its allLocale nodes by namespace and language', (_file, args) => {
    expect(args).toMatch(/sort:\s*\[\s*\{\s*ns:\s*ASC\s*\}\s*,\s*\{\s*language:\s*ASC\s*\}\s*\]/);
  });
});
