// The import graph the project keeps (npm run depcruise, part of npm run lint and so of CI):
// the site (src/ and the gatsby-* files) never imports the tools, no code that ships or runs as a tool
// imports the tests, nothing imports in a circle, and the floors of src/ point down (STYLE.md, "Habits a
// review of this repo asked for"; README, "Map of the code").

/**
 * Every folder of src/ and the folders of src/ it may import from; anything else in src/ is forbidden.
 * Read top to bottom, from the ground up: a folder appears only after all it may import. A folder missing here can import
 * nothing of src/ and be imported by nothing (rule src-folder-has-a-floor), so a new folder is placed
 * here before it is used. A type two floors share moves down to where both can reach it.
 */
const FLOORS = {
  // Ground: constants, languages, routes, site links; content types; styles, images, ambient types.
  config: [],
  content: [],
  styles: [],
  images: [],
  types: [],
  // What the API sends and how it is read (types, client, normalizing, the build's read of the board).
  'api-client': ['config'],
  // Language choice, localized paths and the i18n plugin's workarounds.
  i18n: ['config'],
  // What the route announcer says after a navigation (gatsby-browser only).
  a11y: ['config', 'i18n'],
  // Gazetteer, place matching and names, distances.
  places: ['config', 'api-client'],
  // Load logic: formatting, pagination, page contexts, posting order, what a card shows.
  loads: ['config', 'api-client', 'i18n', 'places'],
  // Board history in SQLite: build side only (nothing in src/ but gatsby/ may import it).
  history: ['config', 'api-client', 'places', 'loads'],
  // Pure going-rate figures from the history's records (read by src/gatsby, the components and templates).
  // history/types.ts is the record they read; the store itself is reached only by gatsby/.
  rates: ['config', 'api-client', 'i18n', 'places', 'loads', 'history'],
  // What a list query is and all that depends only on it: the filter table, the URL and the kept search's
  // token, links to a list, its chips' words, a load's row, the one matcher and the trip's rule.
  search: ['config', 'api-client', 'i18n', 'places', 'loads'],
  // The live board: where its loads come from (sources/; the API client is read here and by the build
  // only), its hooks, the visitor's saved searches, and what its cards show beside a load.
  board: ['config', 'api-client', 'i18n', 'places', 'loads', 'rates', 'search'],
  // Device choice for /applink, deep links, crawlers.
  handoff: ['config', 'i18n'],
  // The page head: titles, alternates, JSON-LD.
  head: ['config', 'content', 'api-client', 'i18n', 'places', 'loads'],
  // The Atom feeds and the published board.
  feeds: ['config', 'api-client', 'i18n', 'places', 'loads', 'head'],
  // The hosting policy of every file the build writes, and the _headers file written from it.
  hosting: ['config', 'feeds'],
  // The service worker, what it keeps for a driver without a network, and its registration.
  offline: ['config', 'api-client', 'i18n', 'hosting', 'loads'],
  // Layout, header, footer, board pieces, islands: views, which read the board's data, never the API.
  components: [
    'config',
    'content',
    'styles',
    'images',
    'api-client',
    'i18n',
    'a11y',
    'places',
    'loads',
    'rates',
    'search',
    'board',
    'handoff',
    'head',
    'offline',
  ],
  // Home page sections.
  sections: ['config', 'content', 'styles', 'images', 'i18n', 'components'],
  // One per page.
  templates: [
    'config',
    'content',
    'styles',
    'images',
    'api-client',
    'i18n',
    'a11y',
    'places',
    'loads',
    'rates',
    'search',
    'board',
    'handoff',
    'head',
    'feeds',
    'offline',
    'components',
    'sections',
  ],
  // Gatsby's lifecycle APIs: the build reads everything below the pages, and the templates only by path.
  gatsby: [
    'config',
    'content',
    'api-client',
    'i18n',
    'a11y',
    'places',
    'loads',
    'rates',
    'history',
    'search',
    'board',
    'handoff',
    'head',
    'feeds',
    'hosting',
    'offline',
    'components',
  ],
};

const alternatives = (folders) => folders.join('|');

const floorRules = Object.entries(FLOORS).map(([folder, below]) => ({
  name: `floor-${folder}`,
  comment: `src/${folder}/ imports from ${below.length ? below.map((name) => `src/${name}/`).join(', ') : 'nothing in src/'} (and itself) only.`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: { path: '^src/', pathNot: `^src/(${alternatives([folder, ...below])})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'history-store-build-only',
      comment: 'The SQLite store runs in the build: below gatsby/, only its record type (history/types.ts) is read.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(gatsby|history)/' },
      to: { path: '^src/history/', pathNot: '^src/history/types\\.ts$' },
    },
    {
      name: 'api-client-from-board-and-build',
      comment:
        'The browser asks the API through the live board (src/board/) only, and the build (src/gatsby/) reads it: views and pages never call the client.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(board|gatsby|api-client)/' },
      to: { path: '^src/api-client/(client|read-all)\\.ts$' },
    },
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
      name: 'tools-on-lower-floors',
      comment:
        "A tool stands on the site's lower floors: what a command needs of the board, the places or the loads lives below the build, the views and the pages, so running it never loads React's server renderer or a page.",
      severity: 'error',
      from: { path: '^tools/', pathNot: '^tools/bench/' },
      to: { path: '^src/(gatsby|components|templates|sections)/' },
    },
    {
      name: 'benches-measure-the-build-not-the-views',
      comment: "A bench may run the build's own steps (src/gatsby/) to time them, never the views or pages, which it reads in a browser.",
      severity: 'error',
      from: { path: '^tools/bench/' },
      to: { path: '^src/(components|templates|sections)/' },
    },
    ...floorRules,
    {
      name: 'src-folder-has-a-floor',
      comment: 'Every folder of src/ is placed in FLOORS above, so that its imports are checked.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${alternatives(Object.keys(FLOORS))})/` },
      to: { path: '^src/' },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other cannot be read, tested or moved one at a time: the shared part moves to a module both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
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
