import path from 'node:path';
import { ROUTES, type RouteName } from '../config/routes';

/**
 * Every content page of the site and the template that renders it. Pages are created from this table
 * in four language variants (src/gatsby/create-pages.ts) rather than from src/pages, so the i18n
 * plugin never re-creates them (src/i18n/plugin.ts says why).
 */
export const PAGE_TABLE: Record<RouteName, string> = {
  home: 'home.tsx',
  loads: 'loads.tsx',
  features: 'features.tsx',
  howItWorks: 'how-it-works.tsx',
  help: 'help.tsx',
  pricing: 'pricing.tsx',
  privacy: 'privacy.tsx',
  terms: 'terms.tsx',
  applink: 'applink.tsx',
  auth: 'auth.tsx',
  places: 'places.tsx',
  rates: 'rates.tsx',
};

// Gatsby compiles gatsby-node into .cache/, so __dirname would point there; builds run from the site root.
export const TEMPLATES_DIR = path.resolve(process.cwd(), 'src', 'templates');

export function templatePath(file: string): string {
  return path.join(TEMPLATES_DIR, file);
}

export const CONTENT_PAGES = (Object.keys(PAGE_TABLE) as RouteName[]).map((name) => ({
  name,
  path: ROUTES[name],
  component: templatePath(PAGE_TABLE[name]),
}));

export const NOT_FOUND_TEMPLATE = templatePath('not-found.tsx');
export const LOAD_TEMPLATE = templatePath('load.tsx');
export const PLACE_LOADS_TEMPLATE = templatePath('place-loads.tsx');
