import type { GatsbyBrowser } from 'gatsby';
import './src/styles/global.css';
import { enableNativeShare } from './src/components/native-share';
import { offlineNoticeAfterNavigation, registerOfflineWorkerWhenIdle } from './src/offline/register-when-idle';
import { onRouteUpdate as afterRouteChange } from './src/a11y/route-change';

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = (args, options) => {
  afterRouteChange?.(args, options);
  offlineNoticeAfterNavigation();
};
export { replaceHydrateFunction } from './src/components/page-hydration';
export { shouldUpdateScroll } from './src/a11y/route-change';

type PluginRuntime = typeof import('./src/i18n/plugin-runtime');

// Webpack evaluates a module on its first `require` and hands back the same exports after that.
function pluginRuntime(): PluginRuntime {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose, see onClientEntry
  return require('./src/i18n/plugin-runtime') as PluginRuntime;
}

/**
 * Gatsby awaits this before it asks for the page's data, and it is called from the task that evaluates
 * Gatsby's entry (React DOM, the router, the loader), which on a cheap phone is the longest task of a
 * page. So: Gatsby's own start (loader, first requests) goes on in the next task, and i18next,
 * react-i18next and the i18n plugin are evaluated in the task after that, while the page's data is on
 * the network. Each would otherwise add to the entry's task or to the first render's.
 */
export const onClientEntry: GatsbyBrowser['onClientEntry'] = async () => {
  enableNativeShare();
  // From the entry, not the first render: a page with nothing to do on arrival renders at the visitor's
  // first touch (src/gatsby/hydrate.tsx), and the worker must be there for the next visit without one.
  registerOfflineWorkerWhenIdle();
  await new Promise((resolve) => setTimeout(resolve, 0));
  setTimeout(pluginRuntime, 0);
};

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = (args, options) => pluginRuntime().wrapPageElement(args, options);
