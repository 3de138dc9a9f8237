import fs from 'node:fs';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';

/**
 * The pages bench:build wrote here from the site's last build (tools/bench/build.ts), one JSON object a
 * line: its path and the context Gatsby got for it. Each is made with the same context, so Gatsby's own
 * work on it (the page node, its query, its page data, its HTML file, the slice stitched in) is the
 * same while no line of the site's code runs.
 */
export const FLOOR_PAGES_FILE = 'floor-pages.jsonl';

export const createPages: GatsbyNode['createPages'] = ({ actions, reporter }) => {
  const file = path.resolve(FLOOR_PAGES_FILE);
  if (!fs.existsSync(file)) return reporter.panic(`${file} is missing: bench:build --floor writes it`);
  const component = path.resolve('src', 'templates', 'page.tsx');
  let count = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { path: pagePath, context } = JSON.parse(line) as { path: string; context: Record<string, unknown> };
    actions.createPage({ path: pagePath, component, context });
    count += 1;
  }
  reporter.info(`Created ${count} floor pages`);
};
