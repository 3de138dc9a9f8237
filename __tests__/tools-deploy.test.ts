/**
 * @jest-environment node
 *
 * `npm run deploy` against a real S3-compatible server (s3rver, in this process): what each kind of
 * rebuild uploads and deletes, counted at the server, and in which order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { deploy, type DeployReport } from '../tools/deploy/deploy';
import { moveStateOutOfSite } from '../tools/deploy/move-state';
import { HISTORY_OBJECT_KEY, MANIFEST_NAME, TELEGRAM_STATE_KEY } from '../tools/deploy/state-location';
import { IMMUTABLE, REVALIDATE, fileKind } from '../src/hosting/policy';
import { listingsFor } from '../tools/deploy/plan';
import { startLocalS3, type LocalS3, type S3Request } from '../tools/deploy/local-s3';
import { emptyAlertsState } from '../tools/telegram/alerts/state';
import { emptyState } from '../tools/telegram/state';
import { DatabaseSync } from '@photostructure/sqlite';

const VARIANTS = ['', 'uz/', 'uz-cyrl/', 'ru/'];
const DAY_MS = 86_400_000;

interface SyntheticSite {
  loads: Record<string, string>;
  /** Stands for the code: changing it renames every bundle and changes every page's script tags. */
  code: string;
  /** Stands for the place names of the board: changing it renames the place file the board names. */
  places: string;
}

function placeIndexKey(places: string): string {
  return `places/uz.${hashOf(`places${places}`).slice(0, 12)}.json`;
}

function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0').repeat(2);
}

function bundles(code: string): Record<string, string> {
  return {
    [`app-${hashOf(`app${code}`)}.js`]: `console.log("app ${code}")`,
    [`component---src-templates-load-tsx-${hashOf(`load${code}`)}.js`]: `console.log("load template ${code}")`,
    [`styles.${hashOf(`css${code}`)}.css`]: `body{color:#${code === 'v1' ? '111' : '222'}}`,
  };
}

/** A public/ shaped like Gatsby's: bundles, static images, and per variant a page and its page-data. */
function writeSite(dir: string, site: SyntheticSite): void {
  fs.rmSync(dir, { recursive: true, force: true });
  const write = (key: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    fs.writeFileSync(path.join(dir, key), body);
  };
  const scripts = Object.keys(bundles(site.code))
    .map((name) => `<script src="/${name}"></script>`)
    .join('');
  const page = (title: string) =>
    `<!DOCTYPE html><html><head><title>${title}</title></head><body>${title}${scripts}<a data-index="/${placeIndexKey(site.places)}"></a></body></html>`;
  for (const [name, body] of Object.entries(bundles(site.code))) write(name, body);
  write('static/0a1b2c3d4e5f60718293a4b5c6d7e8f9/logo.png', 'PNG logo');
  write(placeIndexKey(site.places), JSON.stringify({ places: site.places }));
  write('page-data/app-data.json', JSON.stringify({ webpackCompilationHash: hashOf(site.code) }));
  const ids = Object.keys(site.loads);
  for (const variant of VARIANTS) {
    for (const [id, text] of Object.entries(site.loads)) {
      write(`${variant}load/${id}/index.html`, page(`load ${id}: ${text}`));
      write(`page-data/${variant}load/${id}/page-data.json`, JSON.stringify({ id, text }));
    }
    write(`${variant}loads/index.html`, page(`board: ${ids.map((id) => `${id} ${site.loads[id]}`).join(', ')}`));
    write(`page-data/${variant}loads/page-data.json`, JSON.stringify({ ids, texts: site.loads }));
    write(`${variant}pricing/index.html`, page('pricing'));
    write(`page-data/${variant}pricing/page-data.json`, JSON.stringify({ page: 'pricing' }));
  }
  write(
    'sitemap-0.xml',
    `<urlset>${ids.map((id) => `<url><loc>/uz/load/${id}</loc><lastmod>${site.loads[id]}</lastmod></url>`).join('')}</urlset>`,
  );
  write('robots.txt', 'User-agent: *\n');
  write('index.html', page('home'));
  write('404.html', page('not found'));
}

function countFiles(dir: string): number {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

function loadFiles(id: string): string[] {
  return VARIANTS.flatMap((variant) => [`${variant}load/${id}/index.html`, `page-data/${variant}load/${id}/page-data.json`]);
}

const BOARD_FIRST_PAGE = VARIANTS.flatMap((variant) => [`${variant}loads/index.html`, `page-data/${variant}loads/page-data.json`]);

const FIVE_LOADS = {
  a1: 'Toshkent-Samarqand 20 t',
  b2: 'Buxoro-Navoiy 5 t',
  c3: 'Qarshi-Termiz 10 t',
  d4: 'Andijon-Fargʻona 3 t',
  e5: 'Nukus-Xiva 8 t',
};

describe('which files are hashed assets', () => {
  it.each([
    ['app-2e997ae28a6356178278.js', 'hashed'],
    ['454-42bfc7df8ecdb2b8968d.js', 'hashed'],
    ['d75611f2e70dcb92f696313a6d1bd8a6d35bf703-394416aa9063201e935a.js', 'hashed'],
    ['component---src-templates-load-tsx-96d840c99a01195cc9aa.js', 'hashed'],
    ['styles.085c256dfc8d01340800.css', 'hashed'],
    ['app-2e997ae28a6356178278.js.map', 'hashed'],
    ['static/d65b987e714c1d9478123ab6c1edbe21/loads-phone.png', 'hashed'],
    ['places/uz-cyrl.0123456789ab.json', 'hashed'],
    ['feeds/board.json', 'data'],
    ['feeds/ru/from/toshkent.atom', 'feed'],
    ['favicon.svg', 'icon'],
    ['chunk-map.json', 'data'],
    ['page-data/app-data.json', 'data'],
    ['locales/0123456789ab/ru/common.json', 'hashed'],
    ['locales/ru/common.json', 'data'],
    ['sitemap-0.xml', 'data'],
    ['_gatsby/slices/_gatsby-scripts-1.html', 'page'],
    ['ru/load/1001/index.html', 'page'],
  ])('%s is %s', (key, kind) => {
    expect(fileKind(key)).toBe(kind);
  });
});

describe('how the bucket is listed', () => {
  it('splits only folders whose names extend one another past a character before "/"', () => {
    const keys = [
      'index.html',
      'uz/load/1/index.html',
      'uz-cyrl/load/1/index.html',
      'load/1/index.html',
      'load/10/index.html',
      'page-data/uz/a/page-data.json',
      'page-data/uz-cyrl/a/page-data.json',
      'page-data/load/1/page-data.json',
    ];
    expect(listingsFor(keys)).toEqual([
      { prefix: '', shallow: true },
      { prefix: 'uz/', shallow: false },
      { prefix: 'uz-cyrl/', shallow: false },
      { prefix: 'load/', shallow: false },
      { prefix: 'page-data/', shallow: true },
      { prefix: 'page-data/uz/', shallow: false },
      { prefix: 'page-data/uz-cyrl/', shallow: false },
      { prefix: 'page-data/load/', shallow: false },
    ]);
  });

  it('lists a tree without such names in one listing', () => {
    expect(listingsFor(['index.html', 'load/1/index.html', 'loads/index.html', 'ru/load/1/index.html'])).toEqual([
      { prefix: '', shallow: false },
    ]);
  });
});

describe('npm run deploy against an S3-compatible server', () => {
  let s3: LocalS3;
  let dir: string;
  let site: SyntheticSite;
  let now: Date;

  beforeEach(async () => {
    s3 = await startLocalS3();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-site-'));
    site = { loads: { ...FIVE_LOADS }, code: 'v1', places: 'Toshkent' };
    now = new Date('2026-11-20T10:00:00Z');
  });

  afterEach(async () => {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Builds the synthetic site, deploys it, and returns the site's own requests (the manifest's aside). */
  async function rebuildAndDeploy(
    hoursLater = 0.25,
    grace = { days: 7, deploys: 2 },
  ): Promise<{ report: DeployReport; puts: string[]; deletes: string[]; requests: S3Request[] }> {
    now = new Date(now.getTime() + hoursLater * 3_600_000);
    writeSite(dir, site);
    s3.requests.length = 0;
    const report = await deploy(s3.config({ dir, grace }), { client: s3.client, log: () => undefined, now });
    const requests = s3.requests.filter((request) => request.key !== MANIFEST_NAME);
    const keys = (method: string) =>
      requests
        .filter((request) => request.method === method)
        .map((request) => request.key)
        .sort();
    return { report, puts: keys('PUT'), deletes: keys('DELETE'), requests };
  }

  async function bucketKeys(): Promise<string[]> {
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const answer = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (answer.Contents ?? [])
      .map((object) => object.Key ?? '')
      .filter((key) => key !== MANIFEST_NAME)
      .sort();
  }

  it('uploads every file on a first deploy, with a cache policy and content type per kind of file', async () => {
    const { puts, deletes } = await rebuildAndDeploy();
    expect(puts).toHaveLength(countFiles(dir));
    expect(deletes).toEqual([]);
    const head = (key: string) => s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    const app = await head(Object.keys(bundles('v1'))[0] ?? '');
    expect(app.CacheControl).toBe(IMMUTABLE);
    expect(app.ContentType).toBe('text/javascript; charset=utf-8');
    const html = await head('ru/load/a1/index.html');
    expect(html.CacheControl).toBe(REVALIDATE);
    expect(html.ContentType).toBe('text/html; charset=utf-8');
    const data = await head('page-data/load/a1/page-data.json');
    expect(data.CacheControl).toBe(REVALIDATE);
    expect(data.ContentType).toBe('application/json; charset=utf-8');
    expect((await head('static/0a1b2c3d4e5f60718293a4b5c6d7e8f9/logo.png')).CacheControl).toBe(IMMUTABLE);
  });

  it('uploads and deletes nothing when the rebuild is unchanged', async () => {
    await rebuildAndDeploy();
    const { puts, deletes, report } = await rebuildAndDeploy();
    expect(puts).toEqual([]);
    expect(deletes).toEqual([]);
    expect(report.plan.unchanged).toBe(countFiles(dir));
    // Not even the manifest: the bucket already says what it would say.
    expect(s3.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('compares content, not timestamps: files written anew with the same bytes are not uploaded', async () => {
    await rebuildAndDeploy();
    const later = new Date(Date.now() + DAY_MS);
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) fs.utimesSync(path.join(entry.parentPath, entry.name), later, later);
    }
    s3.requests.length = 0;
    await deploy(s3.config({ dir }), { client: s3.client, log: () => undefined });
    expect(s3.requests.filter((request) => request.method === 'PUT' && request.key !== MANIFEST_NAME)).toEqual([]);
  });

  it('uploads only the two changed loads, the board’s first page and the sitemap', async () => {
    await rebuildAndDeploy();
    site.loads.b2 = 'Buxoro-Navoiy 6 t';
    site.loads.d4 = 'Andijon-Fargʻona 4 t';
    const { puts, deletes } = await rebuildAndDeploy();
    expect(puts).toEqual([...loadFiles('b2'), ...loadFiles('d4'), ...BOARD_FIRST_PAGE, 'sitemap-0.xml'].sort());
    expect(deletes).toEqual([]);
  });

  it('deletes a removed load’s pages only after the new board and sitemap are up', async () => {
    await rebuildAndDeploy();
    delete site.loads.c3;
    const { puts, deletes, requests } = await rebuildAndDeploy();
    expect(deletes).toEqual(loadFiles('c3').sort());
    expect(puts).toEqual([...BOARD_FIRST_PAGE, 'sitemap-0.xml'].sort());
    const lastPutEnded = Math.max(...requests.filter((request) => request.method === 'PUT').map((request) => request.ended));
    const firstDeleteStarted = Math.min(...requests.filter((request) => request.method === 'DELETE').map((request) => request.started));
    expect(lastPutEnded).toBeLessThan(firstDeleteStarted);
    expect(await bucketKeys()).not.toContain('ru/load/c3/index.html');
  });

  it('uploads a code change’s new bundles before any page, and keeps the old bundles for two more deploys', async () => {
    await rebuildAndDeploy();
    const oldBundles = Object.keys(bundles('v1'));
    const newBundles = Object.keys(bundles('v2'));
    site.code = 'v2';
    const codeDeploy = await rebuildAndDeploy();

    const bundlePuts = codeDeploy.requests.filter((request) => request.method === 'PUT' && newBundles.includes(request.key));
    const pagePuts = codeDeploy.requests.filter((request) => request.method === 'PUT' && !newBundles.includes(request.key));
    expect(bundlePuts.map((request) => request.key).sort()).toEqual([...newBundles].sort());
    expect(Math.max(...bundlePuts.map((request) => request.ended))).toBeLessThan(Math.min(...pagePuts.map((request) => request.started)));
    // Every page's script tags changed: every HTML file is uploaded; page-data and the image are not.
    expect(pagePuts.every((request) => request.key.endsWith('.html') || request.key === 'page-data/app-data.json')).toBe(true);
    expect(codeDeploy.deletes).toEqual([]);
    // The new build's hash goes up last: a browser that notices it reloads onto new HTML.
    const appData = codeDeploy.requests.find((request) => request.key === 'page-data/app-data.json');
    const htmlPuts = pagePuts.filter((request) => request.key.endsWith('.html'));
    expect(appData?.started).toBeGreaterThan(Math.max(...htmlPuts.map((request) => request.ended)));

    const oneLater = await rebuildAndDeploy();
    expect(oneLater.deletes).toEqual([]);
    expect(oneLater.puts).toEqual([]);
    expect(await bucketKeys()).toEqual(expect.arrayContaining(oldBundles));

    // Two deploys on, but not yet a week: still kept for open tabs and cached pages.
    const twoLater = await rebuildAndDeploy();
    expect(twoLater.deletes).toEqual([]);

    const aWeekOn = await rebuildAndDeploy(7 * 24);
    expect(aWeekOn.deletes).toEqual([...oldBundles].sort());
    expect(aWeekOn.puts).toEqual([]);
    const keys = await bucketKeys();
    expect(keys).toEqual(expect.arrayContaining(newBundles));
    expect(keys.filter((key) => oldBundles.includes(key))).toEqual([]);
  });

  it('keeps a replaced place file for the grace period, immutable, like every hashed file', async () => {
    await rebuildAndDeploy();
    const oldIndex = placeIndexKey(site.places);
    site.places = 'Toshkent, Samarqand';
    const newIndex = placeIndexKey(site.places);
    const rebuilt = await rebuildAndDeploy();
    // Up before the pages that name it, and the old one still there for boards opened before.
    const indexPut = rebuilt.requests.find((request) => request.method === 'PUT' && request.key === newIndex);
    const pagePuts = rebuilt.requests.filter((request) => request.method === 'PUT' && request.key.endsWith('.html'));
    expect(indexPut?.ended).toBeLessThan(Math.min(...pagePuts.map((request) => request.started)));
    expect(rebuilt.deletes).toEqual([]);
    expect(rebuilt.report.plan.keptAssets).toEqual([oldIndex]);
    const head = (key: string) => s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect((await head(oldIndex)).CacheControl).toBe(IMMUTABLE);
    expect((await head(newIndex)).CacheControl).toBe(IMMUTABLE);
    expect((await head(newIndex)).ContentType).toBe('application/json; charset=utf-8');

    expect((await rebuildAndDeploy()).deletes).toEqual([]);
    const aWeekOn = await rebuildAndDeploy(7 * 24);
    expect(aWeekOn.deletes).toEqual([oldIndex]);
    expect(await bucketKeys()).toContain(newIndex);
  });

  it('counts the grace period in deploys too: a week without deploys still keeps old bundles for two deploys', async () => {
    await rebuildAndDeploy();
    const oldBundles = Object.keys(bundles('v1'));
    site.code = 'v2';
    await rebuildAndDeploy();
    const aWeekOn = await rebuildAndDeploy(8 * 24);
    expect(aWeekOn.deletes).toEqual([]);
    const next = await rebuildAndDeploy();
    expect(next.deletes).toEqual([...oldBundles].sort());
  });

  it('writes the manifest alone on an unchanged rebuild while old bundles wait out their grace period', async () => {
    await rebuildAndDeploy();
    site.code = 'v2';
    await rebuildAndDeploy();
    const unchanged = await rebuildAndDeploy();
    expect(unchanged.puts).toEqual([]);
    expect(unchanged.deletes).toEqual([]);
    // The grace period counts deploys: without this write it would never end.
    expect(s3.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.key}`)).toEqual([
      `PUT ${MANIFEST_NAME}`,
    ]);
    expect(unchanged.report.plan.manifest.deploy).toBe(3);
  });

  it('uploads a bundle again when a rollback brings it back, and forgets that it was unreferenced', async () => {
    await rebuildAndDeploy();
    site.code = 'v2';
    await rebuildAndDeploy();
    site.code = 'v1';
    const rollback = await rebuildAndDeploy();
    // Still in the bucket: nothing to upload but the pages that load it.
    expect(rollback.puts.filter((key) => key.endsWith('.js') || key.endsWith('.css'))).toEqual([]);
    expect(rollback.report.plan.manifest.unreferenced).toEqual(
      Object.fromEntries(Object.keys(bundles('v2')).map((key) => [key, expect.objectContaining({ deploy: 3 })])),
    );
  });

  it('reads a bucket listing of many pages, whatever order the server pages folders in', async () => {
    await rebuildAndDeploy();
    s3.requests.length = 0;
    const report = await deploy(s3.config({ dir, listPageSize: 7 }), { client: s3.client, log: () => undefined });
    expect(report.uploaded).toBe(0);
    expect(report.plan.unchanged).toBe(countFiles(dir));
    const listings = s3.requests.filter((request) => request.method === 'GET' && request.key === '');
    expect(listings.length).toBeGreaterThan(countFiles(dir) / 7);
  });

  it('refuses a folder that is not a built site, and deletes nothing', async () => {
    await rebuildAndDeploy();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    s3.requests.length = 0;
    await expect(deploy(s3.config({ dir }), { client: s3.client, log: () => undefined })).rejects.toThrow(/has no index.html or 404.html/);
    expect(s3.requests.filter((request) => request.method === 'DELETE' || request.method === 'PUT')).toEqual([]);
  });

  it('refuses, before sending anything, a public/ that holds files the hosting policy does not name', async () => {
    writeSite(dir, site);
    const strays = [
      '.board-history.sqlite',
      '.board-history.sqlite.lock',
      '.board-history.sqlite.4711.working',
      '.telegram-state.json',
      '.env',
      'feeds/.DS_Store',
      '.well-known/page-data/x.json',
      'notes.txt',
    ];
    for (const key of strays) {
      fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
      fs.writeFileSync(path.join(dir, key), 'not for the CDN');
    }
    s3.requests.length = 0;
    for (const dryRun of [false, true]) {
      await expect(deploy(s3.config({ dir, dryRun }), { client: s3.client, log: () => undefined, now })).rejects.toThrow(
        `${dir} holds files the hosting policy (src/hosting/policy.ts) does not name: ${[...strays].sort().join(', ')}. A deploy publishes only the site's own files:`,
      );
    }
    expect(s3.requests).toEqual([]);
    expect(await bucketKeys()).toEqual([]);
    // Moved out, the site deploys.
    for (const key of strays) fs.rmSync(path.join(dir, key));
    const { puts } = await rebuildAndDeploy();
    expect(puts).toHaveLength(countFiles(dir));
  });

  /** Deploys with `prepare`'s change to the site and expects one line that names `key`, with nothing sent. */
  async function expectRefused(key: string, why: RegExp, prepare: (write: (key: string, body: string | Buffer) => void) => void) {
    writeSite(dir, site);
    prepare((at, body) => {
      fs.mkdirSync(path.dirname(path.join(dir, at)), { recursive: true });
      fs.writeFileSync(path.join(dir, at), body);
    });
    s3.requests.length = 0;
    const refusal = deploy(s3.config({ dir }), { client: s3.client, log: () => undefined, now });
    await expect(refusal).rejects.toThrow(why);
    const message = await refusal.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain(JSON.stringify(key));
    expect(message).toContain('Nothing was published.');
    expect(message.split('\n')).toHaveLength(1);
    expect(s3.requests).toEqual([]);
  }

  function sqliteFile(): Buffer {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-history-')), 'board-history.sqlite');
    const db = new DatabaseSync(file);
    db.exec("CREATE TABLE loads (id TEXT PRIMARY KEY, poster TEXT); INSERT INTO loads VALUES ('1001', 'a1b2c3');");
    db.close();
    const bytes = fs.readFileSync(file);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    return bytes;
  }

  it('refuses, by its content, a board history whatever it is called', async () => {
    const history = sqliteFile();
    for (const key of ['static/board-history.sqlite', 'page-data/x/history.json', 'static/0a1b2c3d4e5f60718293a4b5c6d7e8f9/logo.png']) {
      await expectRefused(key, /is an SQLite database/, (write) => write(key, history));
    }
  });

  it('refuses, by their shape, the alerts’ subscriptions and the channel’s state whatever they are called', async () => {
    const alerts = { ...emptyAlertsState(), chats: { '42': [] } };
    await expectRefused('~partytown/telegram-alerts-state.json', /Telegram alerts’ subscriptions/, (write) =>
      write('~partytown/telegram-alerts-state.json', JSON.stringify(alerts)),
    );
    await expectRefused('page-data/x/page-data.json', /Telegram channel’s state/, (write) =>
      write('page-data/x/page-data.json', JSON.stringify(emptyState('@yukbor'), null, 2)),
    );
  });

  it('refuses source maps, by name and by content', async () => {
    const map = JSON.stringify({ version: 3, file: 'app.js', sources: ['webpack:///src/app.ts'], mappings: 'AAAA;AACA' });
    const app = `app-${hashOf('appv1')}.js`;
    await expectRefused(`${app}.map`, /source map/, (write) => write(`${app}.map`, map));
    await expectRefused('page-data/x/page-data.json', /source map/, (write) => write('page-data/x/page-data.json', map));
    await expectRefused(app, /names a source map/, (write) => write(app, `console.log("app v1")\n//# sourceMappingURL=${app}.map\n`));
  });

  it('refuses a symlink before sending anything, and never deletes the page it stands for', async () => {
    await rebuildAndDeploy();
    const before = await bucketKeys();
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-outside-')), 'secret.html');
    fs.writeFileSync(outside, '<p>outside public/</p>');
    await expectRefused('ru/load/a1/index.html', /is a symbolic link/, () => {
      fs.rmSync(path.join(dir, 'ru/load/a1/index.html'));
      fs.symlinkSync(outside, path.join(dir, 'ru/load/a1/index.html'));
    });
    await expectRefused('page-data/linked', /is a symbolic link/, () =>
      fs.symlinkSync(path.dirname(outside), path.join(dir, 'page-data/linked')),
    );
    expect(await bucketKeys()).toEqual(before);
    fs.rmSync(path.dirname(outside), { recursive: true, force: true });
  });

  it('refuses names a URL cannot hold as they are', async () => {
    for (const key of [
      'page-data/a\nb/page-data.json',
      'page-data/a?b/page-data.json',
      'page-data/a#b/page-data.json',
      'page-data/%2e%2e/page-data.json',
      'page-data/a\u0007b/page-data.json',
      'page-data/a\u0085b/page-data.json',
    ]) {
      await expectRefused(key, /has a name a URL cannot carry as it is/, (write) => write(key, '{}'));
    }
  });

  it('writes nothing on a dry run', async () => {
    writeSite(dir, site);
    const report = await deploy(s3.config({ dir, dryRun: true }), { client: s3.client, log: () => undefined });
    expect(report.plan.uploads.page.length).toBeGreaterThan(0);
    expect(s3.requests.filter((request) => request.method !== 'GET' && request.method !== 'HEAD')).toEqual([]);
  });

  async function keysOf(bucket: string): Promise<string[]> {
    const answer = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
  }

  it('keeps its manifest where the CDN does not serve it', async () => {
    await rebuildAndDeploy();
    expect(await keysOf(s3.bucket)).not.toContain(MANIFEST_NAME);
    expect(await keysOf(s3.stateBucket)).toEqual([MANIFEST_NAME]);
    // Beside the site in the same bucket, but outside the prefix the CDN serves.
    const shared = s3.config({ dir, prefix: 'www/', state: { bucket: s3.bucket, prefix: 'www-state/' } });
    await deploy(shared, { client: s3.client, log: () => undefined, now });
    const keys = await keysOf(s3.bucket);
    expect(keys).toContain(`www-state/${MANIFEST_NAME}`);
    expect(keys.filter((key) => key.endsWith(MANIFEST_NAME))).toEqual([`www-state/${MANIFEST_NAME}`]);
  });

  it.each([
    [{ prefix: '', state: { bucket: 'site', prefix: 'state/' } }, /^DEPLOY_PREFIX is empty: the CDN serves the whole bucket site/],
    [
      { prefix: 'www/', state: { bucket: 'site', prefix: 'www/state/' } },
      /^DEPLOY_STATE_PREFIX is "www\/state\/", inside DEPLOY_PREFIX "www\/"/,
    ],
  ])('refuses a configuration that would serve its state (%j), and writes nothing', async (where, refusal) => {
    writeSite(dir, site);
    s3.requests.length = 0;
    await expect(deploy(s3.config({ dir, ...where }), { client: s3.client, log: () => undefined })).rejects.toThrow(refusal);
    expect(s3.requests).toEqual([]);
  });

  it('refuses to publish while an older deploy’s state is still served, until move-state moves it out once', async () => {
    await rebuildAndDeploy();
    // What deploys kept beside the site before: served by the CDN to anyone who asks.
    const old = { [HISTORY_OBJECT_KEY]: 'SQLite format 3\0 a history', [TELEGRAM_STATE_KEY]: '{"version":2}' };
    for (const [key, body] of Object.entries(old)) await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    delete site.loads.c3;
    writeSite(dir, site);
    s3.requests.length = 0;
    await expect(deploy(s3.config({ dir }), { client: s3.client, log: () => undefined, now })).rejects.toThrow(
      `s3://site/.board-history.sqlite, s3://site/.telegram-state.json are served by the CDN: move them to s3://site-state/ once with npm run deploy -- move-state. Nothing was published.`,
    );
    expect(s3.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    const lines: string[] = [];
    expect(await moveStateOutOfSite(s3.config({ dir }), { client: s3.client, log: (line) => lines.push(line) })).toEqual({
      moved: [TELEGRAM_STATE_KEY, HISTORY_OBJECT_KEY],
      alreadyMoved: [],
      conflicts: [],
    });
    expect(lines).toEqual([
      'Moved to s3://site-state/.telegram-state.json: s3://site/.telegram-state.json, no longer served.',
      'Moved to s3://site-state/.board-history.sqlite: s3://site/.board-history.sqlite, no longer served.',
    ]);
    expect(await keysOf(s3.stateBucket)).toEqual([HISTORY_OBJECT_KEY, MANIFEST_NAME, TELEGRAM_STATE_KEY].sort());
    const history = await s3.client.send(new HeadObjectCommand({ Bucket: s3.stateBucket, Key: HISTORY_OBJECT_KEY }));
    expect(history.ContentLength).toBe(Buffer.byteLength(old[HISTORY_OBJECT_KEY]));
    const { deletes } = await rebuildAndDeploy();
    expect(deletes).toEqual(loadFiles('c3').sort());
    // Once is enough.
    expect(await moveStateOutOfSite(s3.config({ dir }), { client: s3.client, log: () => undefined })).toEqual({
      moved: [],
      alreadyMoved: [],
      conflicts: [],
    });
  });

  it('moves nothing over a different copy already where the state belongs, and names it', async () => {
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: TELEGRAM_STATE_KEY, Body: '{"generation":1}' }));
    await s3.client.send(new PutObjectCommand({ Bucket: s3.stateBucket, Key: TELEGRAM_STATE_KEY, Body: '{"generation":5}' }));
    const lines: string[] = [];
    expect(await moveStateOutOfSite(s3.config({ dir }), { client: s3.client, log: (line) => lines.push(line) })).toMatchObject({
      conflicts: [TELEGRAM_STATE_KEY],
    });
    expect(lines).toEqual([
      's3://site/.telegram-state.json and s3://site-state/.telegram-state.json both exist and differ: left as they are; delete the one that is not current, then run this again.',
    ]);
    expect(await keysOf(s3.bucket)).toEqual([TELEGRAM_STATE_KEY]);
  });

  it('repairs the bucket when an object was lost behind the manifest’s back', async () => {
    await rebuildAndDeploy();
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'uz/pricing/index.html' }));
    const { puts } = await rebuildAndDeploy();
    expect(puts).toEqual(['uz/pricing/index.html']);
  });
});
