// Each lifecycle API lives in its own module under src/build; this file is the table of contents.
export { createPages } from './src/build/create-pages';
export { onPostBuild } from './src/build/post-build';
export { onCreateWebpackConfig } from './src/build/webpack';
