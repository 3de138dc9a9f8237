import type { Reporter } from 'gatsby';
import type { Load } from '../api-client/types';
import { apiUrl } from '../config/env';
import { allowEmptyBoard, historyFile, historyKey, historyNow } from '../history/config';
import { HistoryError, HistoryFileError, openHistory } from '../history/store';
import type { BoardHistory, HistoryStats, RecordCounts } from '../history/types';

/** The site's own error ids, as read-loads.ts has one: Gatsby prefixes them with the plugin's name. */
export const HISTORY_FILE_ERROR_ID = 'YUKBOR_HISTORY_FILE';
export const EMPTY_BOARD_ERROR_ID = 'YUKBOR_EMPTY_BOARD';

/**
 * Opens the board history and records this build's successful read in memory (docs/history.md), with
 * the vehicle types `/vehicle-types` listed (a load's type is kept only when it is one of them). A file
 * that cannot be used stops the build with one line naming it and why: unreadable (months of history
 * are never replaced by an empty file unless someone asks, `npm run history -- reset`), held by another
 * writer past HISTORY_LOCK_WAIT_SECONDS, or written with another HISTORY_KEY. So does an empty read
 * while the history holds open loads, unless ALLOW_EMPTY_BOARD is set (CONTRACT.md): an API fault
 * looks like that, and recording it would tell every visitor that every load was taken.
 */
export async function recordBoardHistory(
  reporter: Reporter,
  loads: readonly Load[],
  vehicleTypes: readonly string[] = [],
): Promise<{ history: BoardHistory; now: number }> {
  reporter.setErrorMap({
    [HISTORY_FILE_ERROR_ID]: {
      text: (context: { sourceMessage: string }) => context.sourceMessage,
      level: 'ERROR',
      type: 'PLUGIN',
      category: 'USER',
    },
    [EMPTY_BOARD_ERROR_ID]: {
      text: (context: { sourceMessage: string }) => context.sourceMessage,
      level: 'ERROR',
      type: 'PLUGIN',
      // The API is another system: the site's code and configuration are not at fault.
      category: 'THIRD_PARTY',
    },
  });
  const file = historyFile();
  let now: number;
  let key: string;
  let emptyBoardAllowed: boolean;
  try {
    now = historyNow();
    key = historyKey();
    emptyBoardAllowed = allowEmptyBoard();
  } catch (error) {
    return reporter.panic({ id: HISTORY_FILE_ERROR_ID, context: { sourceMessage: String((error as Error).message) } });
  }
  let history: BoardHistory | undefined;
  let recorded: { counts: RecordCounts; stats: Pick<HistoryStats, 'loads' | 'open'> } | { openLoads: number };
  try {
    history = await openHistory(file, {
      key,
      onLockWait: (holder) => reporter.info(`Board history ${file} is being written by ${holder}: waiting for it to finish.`),
    });
    // Damage deep in the file shows on the first read of its pages: here, before anything is written.
    const openLoads = loads.length === 0 && !emptyBoardAllowed ? history.loadCounts().open : 0;
    if (openLoads === 0) history.addVehicleTypes(vehicleTypes);
    recorded = openLoads > 0 ? { openLoads } : { counts: history.recordRead(loads, now), stats: history.loadCounts() };
  } catch (error) {
    history?.close();
    return reporter.panic({ id: HISTORY_FILE_ERROR_ID, context: { sourceMessage: historyFailure(file, error) } });
  }
  if ('openLoads' in recorded) {
    history.close();
    return reporter.panic({
      id: EMPTY_BOARD_ERROR_ID,
      context: {
        sourceMessage: `${apiUrl()}/loads answered an empty board while the board history holds ${recorded.openLoads} open loads: not publishing a board with every load gone (an API fault looks like this; ALLOW_EMPTY_BOARD=1 publishes an empty board on purpose)`,
      },
    });
  }
  const { counts, stats } = recorded;
  reporter.info(
    `Board history: ${counts.new} new, ${counts.seen} seen again, ${counts.back} back, ${counts.closed} left the board; ` +
      `${stats.loads} loads (${stats.open} open) in ${file}, saved after the build.`,
  );
  return { history, now };
}

/** The one line a history that cannot be used stops the build with. */
function historyFailure(file: string, error: unknown): string {
  if (error instanceof HistoryFileError) return `${error.message} (npm run history -- reset starts a new one)`;
  if (error instanceof HistoryError) return error.message;
  return `Board history ${file} cannot be read: ${String(error)}`.replace(/\s+/g, ' ');
}

/** Called by onPostBuild: the build succeeded, so its read becomes part of the history. */
export function saveBoardHistory(reporter: Reporter, history: BoardHistory): void {
  const started = performance.now();
  const bytes = history.save();
  reporter.info(
    `Saved the board history to ${history.file} (${(bytes / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  history.close();
}
