// Makes the images the home page shows of the site itself: the load board as a phone and a desktop
// see it, in each language, so that each home page shows the board in its own words. Reproducible: the
// sample API's data is deterministic, the clock is frozen and fonts are the machine's. Builds the site
// first. Output: src/images/<prefix>/loads-*.png (the home page's query picks its language's folder).
import fs from 'node:fs';
import path from 'node:path';
import { withBuiltSite } from '../harness/stack';
import { LANGUAGES } from '../../src/config/languages';

const OUT = path.resolve('src/images');

const SHOTS = LANGUAGES.flatMap(({ prefix }) => [
  // The phone shows the list itself, scrolled past the page intro as a driver would.
  { file: `${prefix}/loads-phone.png`, path: `/${prefix}/loads`, width: 360, height: 720, scale: 2, scrollTo: 'form[role=search]' },
  { file: `${prefix}/loads-desktop.png`, path: `/${prefix}/loads`, width: 1280, height: 800, scale: 1, scrollTo: null },
]);

withBuiltSite({ apiPort: 4410, sitePort: 9410, build: true }, async ({ siteUrl, browser }) => {
  for (const shot of SHOTS) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: shot.scale,
      reducedMotion: 'reduce',
    });
    // "Posted … ago" is counted from now: freeze it to the sample data's own clock.
    await page.clock.setFixedTime(new Date('2026-11-20T08:00:00Z'));
    await page.goto(`${siteUrl}${shot.path}`, { waitUntil: 'networkidle' });
    if (shot.scrollTo) {
      await page.evaluate((selector) => {
        const target = document.querySelector(selector);
        const header = document.querySelector('header');
        if (target) window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - (header?.offsetHeight ?? 0) - 12);
      }, shot.scrollTo);
    }
    fs.mkdirSync(path.dirname(path.join(OUT, shot.file)), { recursive: true });
    await page.screenshot({ path: path.join(OUT, shot.file) });
    await page.close();
    console.log(`Wrote src/images/${shot.file} (${fs.statSync(path.join(OUT, shot.file)).size} bytes)`);
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
