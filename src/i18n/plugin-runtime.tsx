import type React from 'react';
import type { GatsbyBrowser } from 'gatsby';
// The plugin's own page wrapper: builds an i18next instance from the page query's locale nodes.
import { wrapPageElement as pluginWrapPageElement } from 'gatsby-plugin-react-i18next/dist/plugin/wrapPageElement';
import { siteUrl } from '../config/env';
import { i18nPluginOptions } from './plugin';
import './i18next-lookups';

/**
 * gatsby-plugin-react-i18next is not registered as a Gatsby plugin (src/i18n/plugin.ts says why); its
 * page wrapper is used from here, with the options it would have had.
 */
export const wrapPageElement: NonNullable<GatsbyBrowser['wrapPageElement']> = (args) => {
  // Load pages carry their one line in page context and translate nothing: the wrapper's i18next
  // instance would be built for nothing, tens of thousands of times per build.
  if ((args.props.pageContext as { loadId?: string }).loadId !== undefined) return args.element;
  // Every other page has `context.i18n` (src/gatsby/create-pages.ts), so the wrapper returns an element.
  return pluginWrapPageElement(
    args as Parameters<typeof pluginWrapPageElement>[0],
    {
      ...i18nPluginOptions(siteUrl()),
      pages: [],
    } as Parameters<typeof pluginWrapPageElement>[1],
  ) as React.ReactElement;
};
