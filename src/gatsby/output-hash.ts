import { createHash } from 'node:crypto';
import type { Compiler } from 'webpack';

/**
 * Gatsby writes webpack's compilation hash into every page and into app-data.json, which the browser
 * compares with it to notice a new deploy (a mismatch turns the next in-site navigation into a full page
 * load). For the same output webpack's hash differs between a cold and a warm cache, so the first
 * rebuild after the cache was lost rewrote all 40,000 pages, and reloaded every visitor's next click, for
 * nothing. Derived from the emitted files instead, it changes exactly when what browsers get changes.
 */
export class OutputHashPlugin {
  apply(compiler: Compiler): void {
    let outputHash: string | null = null;
    compiler.hooks.thisCompilation.tap('OutputHashPlugin', (compilation) => {
      // The last stage, after minifying and content hashes; after emitting, webpack frees the sources.
      compilation.hooks.processAssets.tap(
        { name: 'OutputHashPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const hash = createHash('sha256');
          const assets = [...compilation.getAssets()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
          for (const asset of assets) hash.update(asset.name).update('\0').update(asset.source.buffer()).update('\0');
          outputHash = hash.digest('hex').slice(0, 20);
        },
      );
    });
    // Before Gatsby's own `done` hook, which writes the hash into the pages' script slice.
    compiler.hooks.done.tap({ name: 'OutputHashPlugin', stage: -100 }, (stats) => {
      if (outputHash) stats.compilation.hash = outputHash;
    });
  }
}
