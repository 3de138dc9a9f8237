// Server-rendering hooks live in src/gatsby/ssr.tsx and src/i18n/plugin-runtime.tsx.
export { onRenderBody, onPreRenderHTML, replaceRenderer } from './src/gatsby/ssr';
export { wrapPageElement } from './src/i18n/plugin-runtime';
