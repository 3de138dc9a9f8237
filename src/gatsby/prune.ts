import fs from 'node:fs';
import path from 'node:path';

/** Hashed bundles Gatsby writes at the top of public/: `app-<hash>.js`, `styles.<hash>.css`, their maps. */
const HASHED_ASSET = /[-.]([0-9a-f]{16,})\.(js|css)(\.map|\.LICENSE\.txt)?$/;

interface WebpackStats {
  assetsByChunkName?: Record<string, string[]>;
  namedChunkGroups?: Record<string, { assets?: { name: string }[] }>;
}

/** Every asset the current build references, from Gatsby's webpack.stats.json and chunk-map.json. */
export function referencedAssets(stats: WebpackStats, chunkMap: Record<string, string[]>): Set<string> {
  const names = new Set<string>();
  for (const files of Object.values(stats.assetsByChunkName ?? {})) for (const file of files) names.add(file);
  for (const group of Object.values(stats.namedChunkGroups ?? {})) for (const asset of group.assets ?? []) names.add(asset.name);
  for (const files of Object.values(chunkMap)) for (const file of files) names.add(file.replace(/^\//, ''));
  return names;
}

/**
 * Removes hashed bundles of earlier builds that Gatsby leaves in public/ when it is kept between runs,
 * so a deploy artifact holds only what this build's pages load. Returns the removed file names.
 */
export function pruneOldAssets(dir: string): string[] {
  const stats = JSON.parse(fs.readFileSync(path.join(dir, 'webpack.stats.json'), 'utf8')) as WebpackStats;
  const chunkMap = JSON.parse(fs.readFileSync(path.join(dir, 'chunk-map.json'), 'utf8')) as Record<string, string[]>;
  const assets = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && HASHED_ASSET.test(entry.name))
    .map((entry) => entry.name);
  const keep = withLazyChunks(dir, referencedAssets(stats, chunkMap), assets);
  const removed: string[] = [];
  for (const name of assets) {
    if (keep.has(name.replace(/(\.map|\.LICENSE\.txt)$/, ''))) continue;
    fs.rmSync(path.join(dir, name));
    removed.push(name);
  }
  return removed;
}

/**
 * Chunks loaded with `import()` (a library's lazily loaded part, say) are not in the stats; the webpack
 * runtime names them by content hash. Keep every bundle whose hash a kept bundle mentions, until
 * nothing new is found.
 */
function withLazyChunks(dir: string, keep: Set<string>, assets: readonly string[]): Set<string> {
  const bundles = assets.filter((name) => /\.(js|css)$/.test(name));
  const read = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const kept of [...keep]) {
      if (read.has(kept) || !kept.endsWith('.js') || !fs.existsSync(path.join(dir, kept))) continue;
      read.add(kept);
      const text = fs.readFileSync(path.join(dir, kept), 'utf8');
      for (const candidate of bundles) {
        const hash = HASHED_ASSET.exec(candidate)?.[1];
        if (hash && !keep.has(candidate) && text.includes(hash)) {
          keep.add(candidate);
          grew = true;
        }
      }
    }
  }
  return keep;
}
