import type { GatsbyBrowser } from 'gatsby';

/**
 * What a screen reader hears and where focus lands after an in-site navigation (WCAG 3.1.2, 2.4.3).
 * Gatsby's route announcer writes the English "Navigated to …" (also for query-only changes) and focus
 * goes to `#gatsby-focus-wrapper`, whose name is the whole page run together (STACK-NOTES.md,
 * "Accessibility traps"). Gatsby takes no option for either, so this corrects both after it acts.
 */

const ANNOUNCER_ID = 'gatsby-announcer';
const FOCUS_WRAPPER_ID = 'gatsby-focus-wrapper';
/** Frames to keep watching focus after a navigation: the router focuses its wrapper in a later effect. */
const FOCUS_WATCH_FRAMES = 20;

interface PlainLocation {
  pathname: string;
}

/** Only a new path is a new page: a changed query or hash (a search, a page of results) is not. */
export function isNewPage(location: PlainLocation, previous: PlainLocation | null | undefined): boolean {
  return Boolean(previous) && location.pathname !== previous?.pathname;
}

/**
 * Gatsby scrolls to the top after every navigation, a change of the query included: a filter tapped far
 * down the board's panel would leave the control that keeps focus off the screen (WCAG 2.4.11). Only a
 * new page (or a hash) scrolls as Gatsby does; the board moves focus itself where a change needs it (to
 * the list's heading for another page of the list), which scrolls what has focus into view.
 */
export function scrollsAfterNavigation(location: PlainLocation & { hash?: string }, previous: PlainLocation | null | undefined): boolean {
  return !previous || isNewPage(location, previous) || Boolean(location.hash);
}

export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = ({ routerProps, prevRouterProps }) =>
  scrollsAfterNavigation(routerProps.location, prevRouterProps?.location);

/** What the announcer says: the new page's h1 (its title, in the page's language), else the document title, or nothing. */
export function announcementFor(newPage: boolean, heading: string | null | undefined, documentTitle: string): string {
  if (!newPage) return '';
  return heading?.replace(/\s+/g, ' ').trim() || documentTitle.trim();
}

let lastChangeWasNewPage = false;
let watchedAnnouncer: HTMLElement | null = null;

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`#${FOCUS_WRAPPER_ID} h1`) ?? document.querySelector<HTMLElement>('h1');
}

function correctAnnouncement(announcer: HTMLElement): void {
  const heading = lastChangeWasNewPage ? pageHeading() : null;
  const text = announcementFor(lastChangeWasNewPage, heading?.textContent, document.title);
  // The region is read in the language of the page (or of the heading, where a part is marked).
  const language = heading?.closest<HTMLElement>('[lang]')?.lang || document.documentElement.lang;
  if (language && announcer.lang !== language) announcer.lang = language;
  if (announcer.textContent !== text) announcer.textContent = text;
}

/** Rewrites the announcer in the same task as Gatsby writes it, before assistive technology reads it. */
function watchAnnouncer(): void {
  const announcer = document.getElementById(ANNOUNCER_ID);
  if (!announcer || announcer === watchedAnnouncer) return;
  watchedAnnouncer = announcer;
  new MutationObserver(() => correctAnnouncement(announcer)).observe(announcer, {
    childList: true,
    characterData: true,
    subtree: true,
  });
}

function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.id === FOCUS_WRAPPER_ID;
}

/** Moves focus from the router's wrapper (or nowhere) to the page's h1, as long as nobody moved it on. */
function focusHeading(framesLeft: number): void {
  if (focusIsLost()) {
    const heading = pageHeading();
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  }
  if (framesLeft > 0) requestAnimationFrame(() => focusHeading(framesLeft - 1));
}

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location, prevLocation }) => {
  watchAnnouncer();
  lastChangeWasNewPage = isNewPage(location, prevLocation);
  if (lastChangeWasNewPage) requestAnimationFrame(() => focusHeading(FOCUS_WATCH_FRAMES));
};
