import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pruneOldAssets } from '../src/gatsby/prune';

describe('pruning a kept public/ folder', () => {
  it('removes hashed bundles no page of this build loads, keeping lazily loaded chunks', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-'));
    const files = [
      'app-1111111111111111aaaa.js',
      'app-1111111111111111aaaa.js.map',
      'app-2222222222222222bbbb.js',
      'app-2222222222222222bbbb.js.map',
      'framework-3333333333333333cccc.js',
      'framework-3333333333333333cccc.js.LICENSE.txt',
      'styles.4444444444444444dddd.css',
      'styles.5555555555555555eeee.css',
      'component---src-templates-home-tsx-6666666666666666ffff.js',
      'webpack-runtime-7777777777777777aaaa.js',
      '551-8888888888888888bbbb.js',
      '404.html',
      'robots.txt',
      'sitemap-0.xml',
    ];
    for (const file of files) fs.writeFileSync(path.join(dir, file), 'x');
    // The runtime knows the lazily loaded chunk only by id and hash.
    fs.writeFileSync(path.join(dir, 'webpack-runtime-7777777777777777aaaa.js'), '{551:"8888888888888888bbbb"}');
    fs.writeFileSync(
      path.join(dir, 'webpack.stats.json'),
      JSON.stringify({
        assetsByChunkName: {
          app: [
            'webpack-runtime-7777777777777777aaaa.js',
            'app-1111111111111111aaaa.js',
            'framework-3333333333333333cccc.js',
            'styles.4444444444444444dddd.css',
          ],
        },
        namedChunkGroups: {},
      }),
    );
    fs.writeFileSync(
      path.join(dir, 'chunk-map.json'),
      JSON.stringify({ home: ['/component---src-templates-home-tsx-6666666666666666ffff.js'] }),
    );
    expect(pruneOldAssets(dir).sort()).toEqual([
      'app-2222222222222222bbbb.js',
      'app-2222222222222222bbbb.js.map',
      'styles.5555555555555555eeee.css',
    ]);
    expect(fs.readdirSync(dir)).toEqual(
      expect.arrayContaining([
        'app-1111111111111111aaaa.js.map',
        'framework-3333333333333333cccc.js.LICENSE.txt',
        '551-8888888888888888bbbb.js',
        '404.html',
        'robots.txt',
      ]),
    );
  });
});
