// The preset babel.config.js names (Babel takes a preset from a file: Gatsby's loader looks presets up by it).
// Gatsby's preset for the site's own code, with the browser's script left in the syntax every browser the
// site builds for runs. babel-preset-gatsby adds five transforms whatever its targets (`??`, `?.`, spread,
// classes, class fields), while Gatsby's browserslist (ES modules, > 0.25 %, not dead) holds no browser
// without them, and the board's first script already ships them as written (ky's ES build). Each `?.`
// compiled was about 25 bytes of `null !== (x = …) && void 0 !== x`. preset-env still compiles whatever
// the browserslist does need. The stage is Gatsby's, which it gives to its own preset only:
// src/gatsby/webpack.ts passes it in the caller.
const path = require('node:path');
const gatsbyPreset = require('babel-preset-gatsby').default;

const NATIVE_IN_THE_BROWSER = [
  'plugin-proposal-nullish-coalescing-operator',
  'plugin-proposal-optional-chaining',
  'plugin-transform-spread',
  'plugin-transform-classes',
  'plugin-proposal-class-properties',
].map((name) => `${path.sep}@babel${path.sep}${name}${path.sep}`);

const BROWSER_STAGES = new Set(['build-javascript', 'develop']);

function pluginFile(plugin) {
  return String(Array.isArray(plugin) ? plugin[0] : plugin);
}

function siteGatsbyPreset(api, options) {
  const stage = api.caller((caller) => (caller && caller.gatsbyStage) || 'test');
  const config = gatsbyPreset(api, { ...options, stage });
  if (!BROWSER_STAGES.has(stage)) return config;
  return {
    ...config,
    plugins: config.plugins.filter((plugin) => !NATIVE_IN_THE_BROWSER.some((part) => pluginFile(plugin).includes(part))),
  };
}

module.exports = siteGatsbyPreset;
