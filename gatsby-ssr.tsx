// Server-rendering hooks live in src/build/ssr.tsx and src/i18n/plugin-runtime.tsx.
export { onRenderBody, onPreRenderHTML, replaceRenderer } from './src/build/ssr';
export { wrapPageElement } from './src/i18n/plugin-runtime';
