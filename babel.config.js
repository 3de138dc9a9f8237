// Plain JavaScript: Babel reads it as it is. Gatsby compiles the site's own code with it (jest uses
// ts-jest): Gatsby's preset, with the browser's script left in the syntax its browsers run
// (tools/babel/site-preset.cjs says which and why).
module.exports = { presets: [require.resolve('./tools/babel/site-preset.cjs')] };
