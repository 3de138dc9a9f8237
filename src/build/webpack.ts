import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { OutputHashPlugin } from './output-hash';

// The i18n plugin `require`s i18next's CommonJS build while our modules import its ES build; without
// an alias webpack ships both, about 17 KB gzip twice on every page.
const I18NEXT_ESM = path.resolve(process.cwd(), 'node_modules', 'i18next', 'dist', 'esm', 'i18next.js');

// Production pages render and hydrate with Preact through its React compatibility layer: React DOM was
// the largest script on every page and its hydration the longest task on a slow phone. The code is
// written against React's API (and tested with React); `gatsby develop` keeps React for fast refresh.
// Done here rather than with gatsby-plugin-preact, whose peer range stops at preact-render-to-string 5,
// while Gatsby 5's HTML renderer needs the streaming `renderToPipeableStream` that arrived in 6.5.
const PREACT_ALIASES = {
  react$: 'preact/compat',
  'react/jsx-runtime$': 'preact/jsx-runtime',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react-dom/server$': 'preact/compat/server',
};
const FRAMEWORK_PACKAGES = /(?<!node_modules.*)[\\/]node_modules[\\/](preact|scheduler|prop-types)[\\/]/;

interface WebpackModule {
  nameForCondition(): string | null;
}

interface WebpackConfig {
  devtool?: string | false;
  resolve?: { alias?: Record<string, string | false | string[]> };
  plugins?: { constructor: { name: string }; options?: Record<string, unknown> }[];
  optimization?: { splitChunks?: { cacheGroups?: Record<string, { test?: unknown } | false> } };
}

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, getConfig, actions }) => {
  const config = getConfig() as WebpackConfig;
  const production = stage === 'build-javascript' || stage === 'build-html';
  // Production source maps cost build time on every run and would publish the source with the site.
  if (production) config.devtool = false;
  const alias: Record<string, string | false | string[]> = { ...config.resolve?.alias, i18next$: I18NEXT_ESM };
  if (production) {
    // Gatsby points `react` and `react-dom` at React's package folders; those would win over ours.
    delete alias.react;
    delete alias['react-dom'];
    Object.assign(alias, PREACT_ALIASES);
    const framework = config.optimization?.splitChunks?.cacheGroups?.framework;
    if (framework) framework.test = (module: WebpackModule) => FRAMEWORK_PACKAGES.test(module.nameForCondition() ?? '');
  }
  config.resolve = { ...config.resolve, alias };
  if (stage === 'build-javascript') config.plugins = [...(config.plugins ?? []), new OutputHashPlugin()];
  // CSS Modules scope every class, so the order in which chunks put their CSS together cannot change
  // a style; mini-css-extract-plugin's "conflicting order" warnings are noise here.
  for (const plugin of config.plugins ?? []) {
    if (plugin.constructor.name === 'MiniCssExtractPlugin' && plugin.options) plugin.options.ignoreOrder = true;
  }
  actions.replaceWebpackConfig(config);
};
