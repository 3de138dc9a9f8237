import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { OutputHashPlugin } from './output-hash';

// The i18n plugin `require`s i18next's CommonJS build while our modules import its ES build; without
// an alias webpack ships both, about 17 KB gzip twice on every page. Both names resolve to the same
// package and version; the alias only picks one of its two builds.
const I18NEXT_ESM = path.resolve(process.cwd(), 'node_modules', 'i18next', 'dist', 'esm', 'i18next.js');

interface WebpackConfig {
  devtool?: string | false;
  resolve?: { alias?: Record<string, string | false | string[]> };
  plugins?: { constructor: { name: string }; options?: Record<string, unknown> }[];
}

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, getConfig, actions }) => {
  const config = getConfig() as WebpackConfig;
  const production = stage === 'build-javascript' || stage === 'build-html';
  // Production source maps cost build time on every run and would publish the source with the site.
  if (production) config.devtool = false;
  const alias: Record<string, string | false | string[]> = { ...config.resolve?.alias, i18next$: I18NEXT_ESM };
  config.resolve = { ...config.resolve, alias };
  if (stage === 'build-javascript') config.plugins = [...(config.plugins ?? []), new OutputHashPlugin()];
  // CSS Modules scope every class, so the order in which chunks put their CSS together cannot change
  // a style; mini-css-extract-plugin's "conflicting order" warnings are noise here.
  for (const plugin of config.plugins ?? []) {
    if (plugin.constructor.name === 'MiniCssExtractPlugin' && plugin.options) plugin.options.ignoreOrder = true;
  }
  actions.replaceWebpackConfig(config);
};
