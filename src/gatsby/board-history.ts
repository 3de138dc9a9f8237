import type { Reporter } from 'gatsby';
import type { Load } from '../api-client/types';
import { historyFile, historyKey, historyNow } from '../history/config';
import { HistoryFileError, openHistory } from '../history/store';
import type { BoardHistory, HistoryStats, RecordCounts } from '../history/types';

/** The site's own error id, as read-loads.ts has one: Gatsby prefixes it with the plugin's name. */
export const HISTORY_FILE_ERROR_ID = 'YUKBOR_HISTORY_FILE';

/**
 * Opens the board history and records this build's successful read in memory (README, "Board
 * history"). An unreadable file stops the build with one line naming it: months of history are never
 * replaced by an empty file unless someone asks (`npm run history -- reset`).
 */
export async function recordBoardHistory(reporter: Reporter, loads: readonly Load[]): Promise<{ history: BoardHistory; now: number }> {
  reporter.setErrorMap({
    [HISTORY_FILE_ERROR_ID]: {
      text: (context: { sourceMessage: string }) => context.sourceMessage,
      level: 'ERROR',
      type: 'PLUGIN',
      category: 'USER',
    },
  });
  const file = historyFile();
  const now = historyNow();
  let history: BoardHistory;
  let counts: RecordCounts;
  let stats: HistoryStats;
  try {
    history = await openHistory(file, { key: historyKey() });
    // Damage deep in the file shows on the first read of its pages: here, before anything is written.
    counts = history.recordRead(loads, now);
    stats = history.stats();
  } catch (error) {
    const message = error instanceof HistoryFileError ? error.message : `Board history ${file} cannot be read: ${String(error)}`;
    return reporter.panic({
      id: HISTORY_FILE_ERROR_ID,
      context: { sourceMessage: `${message.replace(/\s+/g, ' ')} (npm run history -- reset starts a new one)` },
    });
  }
  reporter.info(
    `Board history: ${counts.new} new, ${counts.seen} seen again, ${counts.back} back, ${counts.closed} left the board; ` +
      `${stats.loads} loads (${stats.open} open) in ${file}, saved after the build.`,
  );
  return { history, now };
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
