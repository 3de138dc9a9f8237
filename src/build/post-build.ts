import fs from 'node:fs';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { siteUrl } from '../config/env';
import { LOCALES_DIR } from './locales';

const PUBLIC_DIR = path.resolve(process.cwd(), 'public');

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter }) => {
  copyLocales();
  writeRobots();
  reporter.info('Wrote robots.txt and /locales/{lng}/{ns}.json');
};

/** Texts are bundled into pages, and also served as files for pages that switch language at run time. */
function copyLocales(): void {
  fs.cpSync(LOCALES_DIR, path.join(PUBLIC_DIR, 'locales'), { recursive: true });
}

function writeRobots(): void {
  const robots = ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl()}/sitemap-index.xml`, ''].join('\n');
  fs.writeFileSync(path.join(PUBLIC_DIR, 'robots.txt'), robots);
}
