import type { Load, VehicleType } from '../api-client/types';
import { newestFirst } from '../loads/posting-time';

/**
 * What the build publishes of the whole board for the tools that follow it after a deploy (the
 * Telegram channel, `npm run telegram`): every load the build made a page for, newest first, as the
 * site shows it. Contacts stay out: the load pages do not show them either, and a file that lists
 * every phone number on the board would be a gift to spammers. So does `additionalInfo`, a poster's
 * free text that no page shows either.
 *
 * The tools read this file from the build's output (`public/`), never the API a second time, so what
 * they announce is exactly what the deploy put online.
 */
export const PUBLISHED_BOARD_FILE = 'feeds/board.json';

export const PUBLISHED_BOARD_VERSION = 1;

export type PublishedLoad = Omit<Load, 'contact' | 'contactSource' | 'additionalInfo' | 'ownerPhone'>;

export interface PublishedBoard {
  version: typeof PUBLISHED_BOARD_VERSION;
  /** The newest load's posting time (ISO), never the build clock: an unchanged board, an unchanged file. */
  updated: string | null;
  /** Newest first, as the board lists them. */
  loads: PublishedLoad[];
  /**
   * The API's vehicle type dictionary as the build read it (absent when it could not): the Telegram
   * alerts' tokens name a type by its id (`npm run telegram -- alerts`). Readers that do not need it
   * ignore it, so it changes no version.
   */
  vehicleTypes?: VehicleType[];
}

export function publishedBoard(loads: readonly Load[], vehicleTypes: readonly VehicleType[] = []): PublishedBoard {
  const published = loads.map(({ contact: _contact, contactSource: _source, additionalInfo: _info, ownerPhone: _owner, ...rest }) => rest);
  published.sort(newestFirst);
  const types = vehicleTypes.length > 0 ? { vehicleTypes: vehicleTypes.map(({ id, name }) => ({ id, name })) } : {};
  return { version: PUBLISHED_BOARD_VERSION, updated: published[0]?.createdAt ?? null, loads: published, ...types };
}

/**
 * Reads the file back, refusing anything that is not a board this build wrote: a tool that posted
 * from a half-written or foreign file would announce nonsense to a public channel.
 */
export function parsePublishedBoard(text: string, source = PUBLISHED_BOARD_FILE): PublishedBoard {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(data) || data.version !== PUBLISHED_BOARD_VERSION || !Array.isArray(data.loads)) {
    throw new Error(`${source} is not a published board of version ${PUBLISHED_BOARD_VERSION}`);
  }
  for (const [index, load] of data.loads.entries()) {
    if (!isRecord(load) || typeof load.id !== 'string' || load.id === '') {
      throw new Error(`${source}: load ${index} has no id`);
    }
  }
  return data as unknown as PublishedBoard;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
