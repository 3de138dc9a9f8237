// Makes the images the home page shows of the site itself: the load board as a phone and a desktop
// see it. Reproducible: the sample API's data is deterministic, the clock is frozen and fonts are the
// machine's. Needs a build in public/ (npm run build, or it builds one). Output: src/images/*.png.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/env';
import { startStaticServer } from '../src/serve/static-server';
import { buildSite, startApi } from './lib/stack';

const API_PORT = 4410;
const SITE_PORT = 9410;
const OUT = path.resolve('src/images');

const SHOTS = [
  // The phone shows the list itself, scrolled past the page intro as a driver would.
  { file: 'loads-phone.png', path: '/uz/loads', width: 360, height: 720, scale: 2, scrollTo: 'form[role=search]' },
  { file: 'loads-desktop.png', path: '/uz/loads', width: 1280, height: 800, scale: 1, scrollTo: null },
] as const;

async function main(): Promise<void> {
  const api = await startApi({ port: API_PORT, quiet: true });
  try {
    await buildSite(api.url, { SITE_URL: `http://localhost:${SITE_PORT}` });
    const site = await startStaticServer('public', SITE_PORT);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      for (const shot of SHOTS) {
        const page = await browser.newPage({
          viewport: { width: shot.width, height: shot.height },
          deviceScaleFactor: shot.scale,
          reducedMotion: 'reduce',
        });
        // "Posted … ago" is counted from now: freeze it to the sample data's own clock.
        await page.clock.setFixedTime(new Date('2026-11-20T08:00:00Z'));
        await page.goto(`${site.url}${shot.path}`, { waitUntil: 'networkidle' });
        if (shot.scrollTo) {
          await page.evaluate((selector) => {
            const target = document.querySelector(selector);
            const header = document.querySelector('header');
            if (target) window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - (header?.offsetHeight ?? 0) - 12);
          }, shot.scrollTo);
        }
        await page.screenshot({ path: path.join(OUT, shot.file) });
        await page.close();
        console.log(`Wrote src/images/${shot.file} (${fs.statSync(path.join(OUT, shot.file)).size} bytes)`);
      }
    } finally {
      await browser.close();
      await site.close();
    }
  } finally {
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
