// The import graph the project keeps (npm run depcruise, part of npm run lint and so of CI):
// the site (src/ and the gatsby-* files) never imports the tools, no code that ships or runs as a tool
// imports the tests, and the floors of src/ point down (STYLE.md, "Habits a review of this repo asked for").
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'site-not-to-tools',
      comment: 'The site and its build are what ships; tools/ may import src/, never the other way round.',
      severity: 'error',
      from: { path: '^(src/|gatsby-[a-z]+\\.tsx?$)' },
      to: { path: '^tools/' },
    },
    {
      name: 'site-not-to-tests',
      comment: 'Nothing the site runs lives in a test folder.',
      severity: 'error',
      from: { path: '^(src/|gatsby-[a-z]+\\.tsx?$)' },
      to: { path: '^(__tests__|e2e)/' },
    },
    {
      name: 'tools-not-to-tests',
      comment: 'A tool never reaches into the tests or their support files: shared helpers live in tools/.',
      severity: 'error',
      from: { path: '^tools/' },
      to: { path: '^(__tests__|e2e)/' },
    },
    {
      name: 'components-not-to-sections-or-templates',
      comment: 'Floors point down: a type two floors share moves down to where both can reach it.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(sections|templates)/' },
    },
    {
      name: 'i18n-not-to-components',
      comment: 'Floors point down: i18n/ is below components/.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/components/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a type from tools/ in src/ is still the site leaning on a tool.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)(node_modules|public|\\.cache)/' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
