/**
 * Functions small enough to read at once (STYLE.md, "Code"): none in src/ is over 80 lines, and none in
 * tools/ over 120 (a command or a bench reads top to bottom, and may say more in one place), counted from
 * its first line to its last, as a reader meets it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const LIMITS = [
  { folder: 'src', maxLines: 80 },
  { folder: 'tools', maxLines: 120 },
] as const;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const name = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(name);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [name] : [];
  });
}

function longFunctions(file: string, maxLines: number): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > maxLines) found.push(`${path.relative(process.cwd(), file)}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe.each(LIMITS)('functions in $folder/', ({ folder, maxLines }) => {
  it(`are at most ${maxLines} lines`, () => {
    const files = sourceFiles(folder);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => longFunctions(file, maxLines))).toEqual([]);
  });
});
