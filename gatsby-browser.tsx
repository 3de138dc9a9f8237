import './src/styles/global.css';

export { wrapPageElement } from './src/i18n/plugin-runtime';
