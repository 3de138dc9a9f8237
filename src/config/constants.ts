/** Business constants of SPEC.md section 9, defined once. */

/** Loads per page on /loads, and the page size the build reads the API with. */
export const PAGE_SIZE = 20;

/**
 * City and route pages pre-build at most this many pages of their list (the newest loads); older ones
 * are on the live board, which each page links to. Keeps the clean build within its time budget.
 */
export const PLACE_LIST_MAX_PAGES = 5;

/** How far around each end of a route its way back reaches, km (CONTRACT.md, "Trips"): the `near` of its links. */
export const WAY_BACK_NEAR_KM = 50;

/** Entries per Atom feed: the newest loads of its page's list. */
export const FEED_MAX_ENTRIES = 50;

/** Delay before /applink and the load pages replace the location. */
export const REDIRECT_DELAY_MS = 100;

/** The language selector ignores further switches for this long (50 ms delay + 100 ms release). */
export const LANGUAGE_SWITCH_DELAY_MS = 50;
export const LANGUAGE_SWITCH_RELEASE_MS = 100;

/**
 * The share card in static/ (`npm run images` makes it). Previews state its size so chat apps lay the
 * card out before the image arrives; a test compares it with the file's real size.
 */
export const SHARE_IMAGE = { path: '/share-card.png', width: 1200, height: 630 } as const;

/** Structured data on /loads lists at most this many loads. */
export const JSON_LD_MAX_LOADS = 10;

export const STATS = {
  activeDrivers: '10K+',
  dailyLoads: '500+',
  countries: '20+',
} as const;

/**
 * Minutes between two scheduled rebuilds, after each of which the Telegram alerts bot reads its messages
 * and answers (`npm run telegram -- alerts`): what the board tells a visitor about when the bot will
 * answer. It goes with the cron of .github/workflows/rebuild.yml (every 15 minutes): change both together.
 */
export const REBUILD_INTERVAL_MINUTES = 15;

export const DEFAULT_API_URL = 'http://localhost:4010/api';
export const DEFAULT_SITE_URL = 'http://localhost:9000';
export const DEFAULT_API_PORT = 4010;
export const DEFAULT_SAMPLE_LOADS = 120;
export const SERVE_PORT = 9000;
/** `npm run develop` (gatsby develop's own default). */
export const DEVELOP_PORT = 8000;

/**
 * Going rates (docs/rates.md, "Going rates"): the window of board history a route's figures stand on, and
 * how many loads by how many distinct posters a figure needs before it is shown (DAT's rule for its
 * RateView: at least 7 reports from at least 3 companies).
 */
export const RATE_WINDOW_DAYS = 90;
export const RATE_MIN_LOADS = 7;
export const RATE_MIN_POSTERS = 3;
/**
 * A price more than this many times above or below its route's median (in its currency, of its posters'
 * voices: src/rates/spread.ts) is left out of the route's figures: a placeholder such as 1, a price typed in another currency
 * or with a zero too many.
 */
export const RATE_OUTLIER_FACTOR = 5;
/** Weeks the route page's chart draws, the newest last; a week gets a median where its loads alone make a figure. */
export const RATE_CHART_WEEKS = 12;

/**
 * Price per kilometre is shown only from this road distance: below it the fixed costs of loading and
 * waiting dominate what a trip pays, and a per-km figure of a 20 km hop would mislead.
 */
export const MIN_PRICE_PER_KM_DISTANCE_KM = 50;

/**
 * How long a load that left the board is explained on its URL (docs/closed-loads.md):
 * the build publishes the loads closed within this many days, and the browser shows an entry only while
 * it is this young. After that its path is an unknown load like any other.
 */
export const CLOSED_LOAD_DAYS = 30;
export const CLOSED_LOAD_KEEP_MS = CLOSED_LOAD_DAYS * 24 * 60 * 60 * 1000;

/**
 * Files the closed-load index is split into, by a hash of the id (src/loads/closed-index.ts): 60,000
 * closed loads make about 60 a file, a few KB gzip for a phone that asks about one id. Changing it
 * moves every load to another file; the deploy replaces them all once.
 */
export const CLOSED_LOAD_SHARDS = 1024;

/**
 * When a page that shows kept loads hears `online`, it tries the network this long after it, until one
 * answers: the page may hear `online` before the offline worker's requests go through (STACK-NOTES.md,
 * "Service workers and Gatsby"), and a phone's network often takes seconds to carry anything. Later
 * tries come with the page's own slower retry.
 */
export const ONLINE_TRY_DELAYS_MS: readonly number[] = [1_000, 4_000, 9_000];
/** While a page or the board shows loads kept from an earlier visit, how often it tries the network again. */
export const NETWORK_PROBE_MS = 30_000;
/**
 * How long a tap on a list may go without its list coming before the board says the network does not
 * answer. A network that says "online" and answers nothing holds the list's request (or Gatsby's for a
 * page's data, or the code the tap needs) for ever; the API's own timeout is 15 s.
 */
export const TAP_SILENCE_MS = 6_000;
