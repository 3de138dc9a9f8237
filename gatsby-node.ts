// Each lifecycle API lives in its own module under src/; this file is the table of contents.
export { onPreInit } from './src/gatsby/pre-init';
export { createPages } from './src/gatsby/create-pages';
export { createResolvers } from './src/gatsby/sitemap-pages';
export { onCreateNode, shouldOnCreateNode } from './src/i18n/plugin-nodes';
export { onPostBuild } from './src/gatsby/post-build';
export { onCreateWebpackConfig } from './src/gatsby/webpack';
