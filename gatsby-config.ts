import type { GatsbyConfig } from 'gatsby';
import path from 'node:path';
import { alertsBotOrNone, offlineWorkerEnabled, siteUrl } from './src/config/env';
import { site } from './src/config/site';
import { LOCALE_SOURCE } from './src/i18n/plugin-nodes';
import { sitemapOptions } from './src/gatsby/sitemap';
import { stopOnBadBuildFlags } from './src/gatsby/build-flags';
import { keepHeapNearLiveData } from './src/gatsby/build-heap';

// An on/off variable that reads neither on nor off stops the build here, one line each.
stopOnBadBuildFlags();
// The build allocates far more than it keeps: its heap is held near what is live (src/gatsby/build-heap.ts).
keepHeapNearLiveData();

// The browser renders Head too (on client navigation); GATSBY_* variables are the ones Gatsby
// inlines, so the public origin reaches it under this name.
process.env.GATSBY_SITE_URL = siteUrl();
// The pages register the offline worker unless the build publishes its kill switch (docs/offline.md).
process.env.GATSBY_OFFLINE_WORKER = offlineWorkerEnabled() ? 'on' : 'off';
// The kept searches' Telegram alerts link names this bot (docs/telegram.md). A bad value names none here
// and stops the build in onPreInit (src/gatsby/pre-init.ts), where it can say so in one line.
process.env.GATSBY_TELEGRAM_ALERTS_BOT = alertsBotOrNone();

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.brand,
    siteUrl: siteUrl(),
  },
  trailingSlash: 'never',
  graphqlTypegen: false,
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: LOCALE_SOURCE, path: path.resolve(process.cwd(), 'locales') },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'images', path: path.resolve(process.cwd(), 'src', 'images') },
    },
    { resolve: 'gatsby-plugin-sitemap', options: sitemapOptions() },
    // gatsby-plugin-image and gatsby-transformer-sharp give the page queries `gatsbyImageData`;
    // src/components/responsive-image.tsx renders it without the plugin's browser runtime.
    'gatsby-plugin-image',
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-plugin-sharp',
      // WebP only: every browser in use reads it, and PNG fallbacks and AVIF encoding were most of a
      // clean build's image time. Quality chosen for screenshots of text.
      options: { defaults: { formats: ['webp'], quality: 80, placeholder: 'none' } },
    },
  ],
};

export default config;
