// npm run bench:weight [-- --reuse]: what each page type ships, as a phone on the network would
// download it (gzip, as the CDN-like server sends it): HTML, JS and CSS bytes, and the number of
// requests until the page is idle. Builds first unless --reuse (public/ built against this API port).
import { withBuiltSite } from '../harness/stack';
import { readFlags, switchFlag } from './flags';

const PAGES = ['/uz', '/ru/loads', '/uz-cyrl/help', '/pricing', '/uz/load/1001', '/applink', '/ru/no-such-page'];

interface Weight {
  html: number;
  js: number;
  css: number;
  other: number;
  requests: number;
}

const { reuse } = readFlags({ reuse: switchFlag() });

withBuiltSite({ apiPort: 4610, sitePort: 9610, build: !reuse }, async ({ siteUrl, browser }) => {
  console.log('| page | HTML (KB gz) | JS (KB gz) | CSS (KB gz) | other (KB) | requests |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const path of PAGES) {
    const page = await browser.newPage();
    // Stay on the page: a hand-off redirect would count the next page's bytes.
    await page.route(/\/applink$/, (route) => (new URL(route.request().url()).pathname === path ? route.continue() : route.abort()));
    const weight: Weight = { html: 0, js: 0, css: 0, other: 0, requests: 0 };
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request.sizes().then(({ responseBodySize: bytes }) => {
          const type = request.resourceType();
          weight.requests += 1;
          if (type === 'document') weight.html += bytes;
          else if (type === 'script') weight.js += bytes;
          else if (type === 'stylesheet') weight.css += bytes;
          else weight.other += bytes;
        }),
      );
    });
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(`| ${path} | ${kb(weight.html)} | ${kb(weight.js)} | ${kb(weight.css)} | ${kb(weight.other)} | ${weight.requests} |`);
    await page.close();
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
