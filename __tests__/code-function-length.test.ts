/**
 * Functions small enough to read at once (STYLE.md, "Code"): none in the board's floor or its views or the
 * going rates is over 80 lines, counted from its first line to its last, as a reader meets it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = 80;
const FOLDERS = ['src/board', 'src/components/load-board', 'src/rates', 'src/components/rates'];

function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_LINES) found.push(`${path.relative(process.cwd(), file)}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test(`no function in ${FOLDERS.join(' or ')} is over ${MAX_LINES} lines`, () => {
  const files = FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(folder)
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => path.join(folder, name)),
  );
  expect(files.length).toBeGreaterThan(20);
  expect(files.flatMap(longFunctions)).toEqual([]);
});
