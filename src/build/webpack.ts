import type { GatsbyNode } from 'gatsby';

/**
 * CSS Modules scope every class, so the order in which chunks put their CSS together cannot change a
 * style; mini-css-extract-plugin's "conflicting order" warnings are noise here and are switched off.
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, getConfig, actions }) => {
  if (stage !== 'build-javascript') return;
  const config = getConfig() as { plugins?: { constructor: { name: string }; options?: Record<string, unknown> }[] };
  for (const plugin of config.plugins ?? []) {
    if (plugin.constructor.name === 'MiniCssExtractPlugin' && plugin.options) plugin.options.ignoreOrder = true;
  }
  actions.replaceWebpackConfig(config);
};
