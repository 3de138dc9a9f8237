import { existsSync } from 'node:fs';
import path from 'node:path';
import { run } from '../harness/stack';

/**
 * The stack's floor: a bare Gatsby page (a heading and a paragraph, Gatsby's defaults, this repo's
 * gatsby, react and react-dom), measured in the same runs as the site. What it costs is what the
 * owner's stack costs any page before the site adds anything; a target below it cannot be met by
 * the site's code. Reported, not gated.
 */
const FLOOR_SITE = path.join('tools', 'bench', 'floor-site');

/**
 * The same page with its two texts through the owner's i18n plugin, registered as its README shows
 * (gatsby-plugin-react-i18next, i18next, react-i18next, locale files through gatsby-source-filesystem):
 * what the stack costs a page of this site, which must be in three languages, before the site adds
 * anything (bench:lighthouse --without-script prints it; no target is set against it).
 */
export const FLOOR_I18N_SITE = path.join('tools', 'bench', 'floor-i18n-site');

/** Served by bench:lighthouse and bench:inp while they run (never at the same time: the gatsby lock). */
export const FLOOR_PORT = 9712;

/** Builds a floor site unless `reuse` and it is built; returns its output folder. */
export async function buildFloorSite(reuse: boolean, site = FLOOR_SITE): Promise<string> {
  const output = path.join(site, 'public');
  if (!(reuse && existsSync(path.join(output, 'index.html')))) {
    // The binary by path: npx would look for gatsby in the floor site's own (absent) node_modules.
    await run(path.resolve('node_modules', '.bin', 'gatsby'), ['build'], {}, site);
  }
  return output;
}
