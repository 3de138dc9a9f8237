import type { BoardHistory } from '../history/types';
import type { ClosedLoadShards } from './closed-loads';
import type { FeedBoard } from './feeds';
import type { JsonFile } from './public-files';
import type { PlaceFiles } from './place-files';

/**
 * What createPages hands to onPostBuild, in one record so that what the build writes besides its pages
 * is read in one place: createPages (create-pages.ts) makes every field from the board's one read and
 * the history, and onPostBuild (post-build.ts) writes them in order once every page is built, so a
 * build that fails on the way writes none of them and leaves the history file as it was. Gatsby runs
 * both in its main process in one build, so the record passes in memory, not through its cache on disk.
 * A new output of the build is a field here, made in createPages and written in onPostBuild.
 */
export interface BuildOutputs {
  /** The place suggestion files, one per language, named by their content (place-files.ts). */
  placeFiles: PlaceFiles;
  /** The going rates' ranges the live board reads, named by its content (rates.ts). */
  ranges: JsonFile;
  /** The board as read, for the Atom feeds and feeds/board.json (feeds.ts). */
  feedBoard: FeedBoard;
  /** The closed-load index, one file per shard (closed-loads.ts). */
  closedLoads: ClosedLoadShards;
  /** The history with this build's read recorded in memory, saved once every file is written (board-history.ts). */
  history: BoardHistory;
}

let handedOver: BuildOutputs | null = null;

/** createPages' hand-over. */
export function handOverBuildOutputs(outputs: BuildOutputs): void {
  dropUnwrittenOutputs();
  handedOver = outputs;
}

/** onPostBuild's take: the record of this build, once; null when no createPages handed one over. */
export function takeBuildOutputs(): BuildOutputs | null {
  const outputs = handedOver;
  handedOver = null;
  return outputs;
}

/**
 * A build begins: what an earlier one in this process handed over and never wrote (`gatsby develop`
 * has no onPostBuild) is dropped, its history closed unsaved before the file is opened again.
 */
export function dropUnwrittenOutputs(): void {
  handedOver?.history.close();
  handedOver = null;
}
