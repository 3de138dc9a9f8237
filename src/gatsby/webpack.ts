import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { benchSourceMaps } from '../config/env';
import { OutputHashPlugin } from './output-hash';
import { serviceWorkerPlugin } from './service-worker';
import { BUILT_SLICE_HASHES, scriptsSliceHashes } from './ssr-csp';

// The i18n plugin `require`s i18next's CommonJS build while our modules import its ES build; without
// an alias webpack ships both, about 17 KB gzip twice on every page. Both names resolve to the same
// package and version; the alias only picks one of its two builds.
const I18NEXT_ESM = path.resolve(process.cwd(), 'node_modules', 'i18next', 'dist', 'esm', 'i18next.js');
const PUBLIC_DIR = path.resolve(process.cwd(), 'public');

type RuleUse = ({ loader?: string; options?: { modules?: unknown; caller?: unknown } } | string)[];

interface WebpackRule {
  oneOf?: WebpackRule[];
  rules?: WebpackRule[];
  // Gatsby gives some rules a function that picks the loaders per file.
  use?: RuleUse | ((info: unknown) => RuleUse);
}

interface WebpackConfig {
  target?: string | string[];
  module?: { rules?: WebpackRule[] };
  devtool?: string | false;
  cache?: { cacheLocation?: string } | boolean;
  resolve?: { alias?: Record<string, string | false | string[]> };
  plugins?: { constructor: { name: string }; options?: Record<string, unknown> }[];
}

/**
 * CSS Modules class names in production: a short hash instead of Gatsby's `file--class--hash`. Every
 * class a component uses is a string in its script and in the CSS inlined into every page; the long
 * names were about 2 KB gzip of script on the board page and as much of each page's HTML. Both
 * production stages (the browser's script and the server's HTML) must name classes alike, which they
 * do: the hash is of the file path and the local name.
 */
const SHORT_CLASS_NAME = '[hash:base64:6]';

function withShortClassNames(uses: RuleUse): RuleUse {
  return uses.map((use) => {
    if (typeof use === 'string' || !use.loader?.includes('css-loader')) return use;
    const modules = use.options?.modules;
    return modules && typeof modules === 'object'
      ? { ...use, options: { ...use.options, modules: { ...modules, localIdentName: SHORT_CLASS_NAME } } }
      : use;
  });
}

/**
 * Gatsby's Babel loader gives the stage to babel-preset-gatsby alone; the site's Babel config
 * (babel.config.js) wraps that preset and reads the stage from Babel's caller, which the loader's
 * options may extend.
 */
function withBabelStage(uses: RuleUse, stage: string): RuleUse {
  return uses.map((use) =>
    typeof use !== 'string' && /[\\/]gatsby[\\/]dist[\\/]utils[\\/]babel-loader/.test(use.loader ?? '')
      ? { ...use, options: { ...use.options, caller: { gatsbyStage: stage } } }
      : use,
  );
}

/** Passes each rule's loaders (a list, or Gatsby's function that picks them per file) through `change`. */
function mapRuleUses(rules: WebpackRule[] | undefined, change: (uses: RuleUse) => RuleUse): void {
  for (const rule of rules ?? []) {
    mapRuleUses(rule.oneOf, change);
    mapRuleUses(rule.rules, change);
    const loaders = rule.use;
    if (Array.isArray(loaders)) rule.use = change(loaders);
    else if (typeof loaders === 'function')
      rule.use = (info: unknown) => {
        const picked = loaders(info);
        return Array.isArray(picked) ? change(picked) : picked;
      };
  }
}

/**
 * Modules the build's HTML and the tests render at once, swapped in the browser's script for their lazy
 * twins, whose code is a chunk of its own: what the first page's HTML already shows and a visit rarely
 * changes. The board's cards (board-cards.ts): their first list is the build's HTML, which most visits
 * keep, so they are fetched when a list first changes. The footer (footer-part.ts): static HTML on the
 * first page, rendered by the browser only after a client-side navigation. Each entry is the request
 * as written in the importing folder (NormalModuleReplacementPlugin reads requests before they are
 * resolved) and the twin it becomes.
 */
const BROWSER_LAZY_TWINS: readonly { request: RegExp; folder: RegExp; twin: string }[] = [
  { request: /^\.\/board-cards$/, folder: /[\\/]components[\\/]load-board$/, twin: './board-cards-lazy' },
  { request: /^\.\/footer-part$/, folder: /[\\/]components$/, twin: './footer-part-lazy' },
];

/**
 * The browser's script as webpack writes its own code (module wrappers, export getters, the runtime).
 * Gatsby asks for ES5 there (`['web', 'es5']`), so every chunk wraps each module and each export in a
 * `function(){return …}`, while its browserslist keeps only browsers with ES modules, which all run
 * ES2015 (arrow functions, `const`, destructuring), as Babel's output of our code already assumes.
 */
const BROWSER_TARGET = ['web', 'es2015'];

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, getConfig, actions, plugins }) => {
  const config = getConfig() as WebpackConfig;
  if (stage === 'build-javascript' || stage === 'develop') config.target = BROWSER_TARGET;
  const production = stage === 'build-javascript' || stage === 'build-html';
  // Production source maps cost build time on every run and would publish the source with the site.
  if (production) {
    const sourceMaps = benchSourceMaps();
    config.devtool = sourceMaps ? 'source-map' : false;
    // Webpack's build cache does not see this setting: without a cache of its own, a build with maps
    // would reuse the scripts of one without (and none would be written), and the other way round.
    if (sourceMaps && typeof config.cache === 'object' && config.cache.cacheLocation)
      config.cache = { ...config.cache, cacheLocation: `${config.cache.cacheLocation}-source-maps` };
    mapRuleUses(config.module?.rules, withShortClassNames);
  }
  mapRuleUses(config.module?.rules, (uses) => withBabelStage(uses, stage));
  const alias: Record<string, string | false | string[]> = { ...config.resolve?.alias, i18next$: I18NEXT_ESM };
  config.resolve = { ...config.resolve, alias };
  if (stage === 'build-javascript') config.plugins = [...(config.plugins ?? []), ...serviceWorkerPlugin(), new OutputHashPlugin()];
  // The scripts slice of this build's script, written before the renderer is compiled: its policy's hashes
  // go in as a constant, so no render reads a file (src/gatsby/ssr-csp.tsx).
  if (stage === 'build-html')
    config.plugins = [...(config.plugins ?? []), plugins.define({ [BUILT_SLICE_HASHES]: JSON.stringify(scriptsSliceHashes(PUBLIC_DIR)) })];
  if (stage === 'build-javascript' || stage === 'develop')
    config.plugins = [
      ...(config.plugins ?? []),
      ...BROWSER_LAZY_TWINS.map(({ request, folder, twin }) =>
        plugins.normalModuleReplacement(request, (resource: { request: string; context?: string }) => {
          if (resource.context && folder.test(resource.context)) resource.request = twin;
        }),
      ),
    ];
  // CSS Modules scope every class, so the order in which chunks put their CSS together cannot change
  // a style; mini-css-extract-plugin's "conflicting order" warnings are noise here.
  for (const plugin of config.plugins ?? []) {
    if (plugin.constructor.name === 'MiniCssExtractPlugin' && plugin.options) plugin.options.ignoreOrder = true;
  }
  actions.replaceWebpackConfig(config);
};
