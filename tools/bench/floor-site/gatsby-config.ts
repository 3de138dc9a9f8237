import type { GatsbyConfig } from 'gatsby';

// Gatsby's defaults and nothing else: what the owner's stack costs a page before the site adds anything.
const config: GatsbyConfig = {};

export default config;
