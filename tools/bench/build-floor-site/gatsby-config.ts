import type { GatsbyConfig } from 'gatsby';

// Gatsby's defaults with the site's one setting that shapes its output paths, and no plugin.
const config: GatsbyConfig = { trailingSlash: 'never' };

export default config;
