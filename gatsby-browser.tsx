import type { GatsbyBrowser } from 'gatsby';
import { endFirstHydration } from './src/components/hydrate-later';
import './src/styles/global.css';

export { wrapPageElement } from './src/i18n/plugin-runtime';
export { onRouteUpdate } from './src/a11y/route-change';

export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => endFirstHydration();
