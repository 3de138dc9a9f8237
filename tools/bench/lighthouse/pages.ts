/** The pages bench:lighthouse measures: one of each type the site builds, with the targets it is held to. */
import { BOARD_TARGETS, CONTENT_PAGE_TARGETS, LOADS_PAGE_TARGETS, type PageTargets } from './budgets';

export interface BenchPage {
  kind: string;
  path: string;
  targets: PageTargets;
}

/** One page of each type (the 404 page is covered by the hydration e2e: Lighthouse scores its status). */
export const PAGES: readonly BenchPage[] = [
  { kind: 'home', path: '/uz', targets: CONTENT_PAGE_TARGETS },
  { kind: 'board', path: '/ru/loads', targets: BOARD_TARGETS },
  { kind: 'help', path: '/uz-cyrl/help', targets: CONTENT_PAGE_TARGETS },
  { kind: 'pricing (bare alias)', path: '/pricing', targets: CONTENT_PAGE_TARGETS },
  { kind: 'load', path: '/uz/load/1001', targets: CONTENT_PAGE_TARGETS },
  { kind: 'city', path: '/ru/loads/from/toshkent', targets: LOADS_PAGE_TARGETS },
  { kind: 'route', path: '/uz/loads/route/toshkent/samarqand', targets: LOADS_PAGE_TARGETS },
  { kind: 'directory', path: '/uz-cyrl/loads/places', targets: LOADS_PAGE_TARGETS },
];
