/**
 * What the i18n plugin's page wrapper takes of react-i18next, in the browser's script (src/gatsby/webpack.ts
 * puts this module in place of the plugin's `require('react-i18next')`). A CommonJS `require` of the
 * package keeps every export of it, `Trans` and its HTML parser among them, which no page uses; named
 * here, webpack keeps only what the pages and the wrapper use.
 */
export { I18nextProvider } from 'react-i18next';
