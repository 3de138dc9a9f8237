import type { Load } from '../../api-client/types';
import { cardRouteKey } from '../../loads/route-km';
import { builtList, sharedJson } from './built-list';
import { tripRows, type TripColumnsFile, type TripRoutesFile } from './trip-routes';
import { NO_FILTERS, type FilterValues } from '../../search/filter-table';
import type { ListFiles } from '../list-types';
import { placeReader } from './place-reader';
import type { MatchContext } from '../../search/matcher';
import { onTheWay, slugDistance, type OnTheWayRow, type Trip } from '../../search/on-the-way';
import { loadPlaces } from './places-on-demand';
import { postedSinceOf, type PostedSince } from './posted-since';
import { isFiltered } from '../../search/query';
import { filterRow, tashkentToday, type FilterRow } from '../../search/rows';

/**
 * A route page's loads on the way now (CONTRACT.md, "Trips"): the build's, less those taken since, with
 * every load posted since that is on the way, under the page's filters, through the trip's one rule and
 * the board's one matcher (on-the-way.ts). The loads posted since are read from the API's newest end as
 * the board reads them (posted-since.ts), whatever its order, once a minute per page view however often
 * the filters change; the place file and the build's rows (the board's index) are fetched only under a
 * filter or when loads were posted since (the board's index: when one of them is on the way). A route
 * page the build did not make reads the build's rows from the board's routes and their columns instead.
 */

export interface TripNow {
  /** Every load on the way, in the rule's order (the smallest detour first, then newest first). */
  found: OnTheWayRow[];
  /** The loads posted since the build that are among them, their places named in the page's language. */
  posted: ReadonlyMap<string, Load>;
  /** The km of each posted load's own route, by `cardRouteKey` of its named places. */
  routeDistances: Record<string, number>;
  /** Every load posted since was read: else the count says "at least". */
  complete: boolean;
}

/** The loads posted since the build (the page's one read, posted-since.ts); null when the API could not say. */
function postedSince(builtAt: number, files: ListFiles): Promise<PostedSince | null> {
  return postedSinceOf(files, builtAt, false).then((read) => ('failed' in read ? null : read));
}

/** A posted load's card as the build names its own: the place file's name in the page's language. */
function named(load: Load, nameOf: (text: string) => string | undefined): Load {
  return { ...load, from: nameOf(load.from) ?? load.from, to: nameOf(load.to) ?? load.to };
}

/**
 * The build's rows less those taken since: from the board's routes' columns where the page was worked out
 * from them (a route the build did not make; `shown`: its cards), else, or when they cannot tell, the board's index.
 */
async function buildRows(
  files: ListFiles,
  shown: readonly Load[],
  reader: ReturnType<typeof placeReader>,
  since: PostedSince | null,
  signal: AbortSignal,
): Promise<FilterRow[]> {
  const taken = (row: FilterRow) => since?.taken(row) ?? false;
  if (files.tripRoutesPath) {
    const file = (await sharedJson(files.tripRoutesPath, signal)) as TripRoutesFile;
    const columns = file.columns ? ((await sharedJson(file.columns, signal)) as TripColumnsFile) : null;
    const rows = columns
      ? tripRows(
          file,
          columns,
          shown.map((load) => filterRow(load, reader)),
          taken,
        )
      : null;
    if (rows) return rows;
  }
  const board = await builtList(files.boardPath).index(signal);
  return board.rows.filter((row) => !taken(row));
}

/**
 * The trip's loads on the way now under `query`; null when the build's list stands as it is (no filter,
 * and no load posted since on the way, or the API could not say).
 */
export async function tripNow(
  trip: Trip,
  files: ListFiles,
  placeFilePath: string,
  query: FilterValues,
  signal: AbortSignal,
  /** The cards the page shows (a route the build did not make reads their rows from them). */
  shown: readonly Load[] = [],
): Promise<TripNow | null> {
  // The list's own index is small, and carries the build's newest posting, from which "since" counts.
  const own = await builtList(files.indexPath || files.boardPath).index(signal);
  const since = await postedSince(own.builtAt, files);
  const filtered = isFiltered(query);
  // A quiet board costs one request: the place file is fetched only for loads to place.
  if (!filtered && !since?.loads.length) return null;
  const places = await loadPlaces(placeFilePath);
  const reader = placeReader(places);
  const context: MatchContext = { today: tashkentToday(Date.now()), places: places?.file.places ?? [] };
  const postedRows = (since?.loads ?? []).map((load) => filterRow(load, reader));
  if (!filtered && onTheWay(postedRows, trip, NO_FILTERS, context).length === 0) return null;
  const postedIds = new Set(postedRows.map((row) => row.id));
  const built = await buildRows(files, shown, reader, since, signal);
  const rows: FilterRow[] = [...postedRows, ...built.filter((row) => !postedIds.has(row.id))];
  const distance = slugDistance(context.places);
  const found = onTheWay(rows, trip, query, context, null, distance);
  const nameOf = (text: string) => (places ? places.module.findEntry(places.file, text)?.label : undefined);
  const posted = new Map<string, Load>();
  const routeDistances: Record<string, number> = {};
  const rowOf = new Map(postedRows.map((row) => [row.id, row]));
  const onTheWayRows = new Set(found.map((item) => item.row));
  for (const load of since?.loads ?? []) {
    const row = rowOf.get(load.id) as FilterRow;
    if (!onTheWayRows.has(row)) continue;
    const card = named(load, nameOf);
    posted.set(load.id, card);
    routeDistances[cardRouteKey(card.from, card.to)] = (row.from && row.to ? distance(row.from, row.to) : null) ?? 0;
  }
  return { found, posted, routeDistances, complete: since?.complete ?? false };
}
