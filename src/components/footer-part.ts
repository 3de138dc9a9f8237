/**
 * The footer as the build writes it into every page, and as tests render the layout. The browser's
 * script takes footer-part-lazy.ts in place of this module (src/gatsby/webpack.ts): there the footer is
 * static HTML the first page keeps (islands.tsx), so its code, its store buttons and its icons are needed
 * only when a client-side navigation renders a new page.
 */
export { Footer as FooterPart } from './footer';
