// Server-rendering hooks live in src/gatsby/ssr.tsx (the page wrapper's in src/i18n/plugin-runtime.tsx).
export { onRenderBody, onPreRenderHTML, replaceRenderer, wrapPageElement } from './src/gatsby/ssr';
