/** The pages bench:lighthouse measures: one of each type the site builds. */

/** Which allowances a page is held to: the board has wider ones than the other pages. */
export type Allowance = 'board' | 'page';

export interface BenchPage {
  kind: string;
  path: string;
  allowance: Allowance;
}

/** One page of each type (the 404 page is covered by the hydration e2e: Lighthouse scores its status). */
export const PAGES: readonly BenchPage[] = [
  { kind: 'home', path: '/uz', allowance: 'page' },
  { kind: 'board', path: '/ru/loads', allowance: 'board' },
  { kind: 'help', path: '/uz-cyrl/help', allowance: 'page' },
  { kind: 'pricing (bare alias)', path: '/pricing', allowance: 'page' },
  { kind: 'load', path: '/uz/load/1001', allowance: 'page' },
  { kind: 'city', path: '/ru/loads/from/toshkent', allowance: 'page' },
  { kind: 'route', path: '/uz/loads/route/toshkent/samarqand', allowance: 'page' },
  { kind: 'directory', path: '/uz-cyrl/loads/places', allowance: 'page' },
];
