import { transformSync } from '@babel/core';
import path from 'node:path';

/**
 * The site's Babel preset (tools/babel/site-preset.cjs) on the stage Gatsby names in the caller: the
 * browser's script keeps `?.`, `??`, spread and classes as written; the server's HTML stage is
 * babel-preset-gatsby's as it stands.
 */
const SOURCE = 'export class Card { id = 1; } export const name = (load, more) => [load?.from ?? "", ...more];';
const PRESET = path.join(process.cwd(), 'tools', 'babel', 'site-preset.cjs');
// What Gatsby gives its preset in a build (jest has no .cache/babelState.json to read it from).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getBrowsersList } = require('gatsby/dist/utils/browserslist') as { getBrowsersList: (directory: string) => string[] };
const TARGETS = getBrowsersList(process.cwd());

function compiled(stage: string): string {
  const result = transformSync(SOURCE, {
    babelrc: false,
    configFile: false,
    filename: 'card.js',
    presets: [[PRESET, { targets: TARGETS }]],
    caller: { name: 'babel-loader', gatsbyStage: stage } as { name: string },
  });
  return result?.code ?? '';
}

test.each(['build-javascript', 'develop'])("the browser's stage %s keeps the syntax as written", (stage) => {
  const code = compiled(stage);
  expect(code).toContain('load?.from ?? ""');
  expect(code).toContain('...more');
  expect(code).toMatch(/class Card \{\s*id = 1;/);
  expect(code).not.toContain('void 0');
});

test("the server's HTML stage is babel-preset-gatsby's, which compiles them", () => {
  const code = compiled('build-html');
  expect(code).not.toContain('?.');
  expect(code).toContain('void 0');
});
