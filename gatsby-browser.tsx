import type { GatsbyBrowser } from 'gatsby';
import { endFirstHydration } from './src/components/hydrate-later';
import './src/styles/global.css';

export { wrapPageElement } from './src/i18n/plugin-runtime';

export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => endFirstHydration();
