import fs from 'node:fs';
import { historyKey } from '../../src/history/config';
import { openHistory } from '../../src/history/store';
import type { ImportCounts } from '../../src/history/types';
import { UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from '../sample-api/data';
import { pastLines, startOfUtcDay, type PastOptions } from '../sample-api/past';

/**
 * Fills an empty (missing) history with the sample API's past, so a fresh machine shows the history's
 * pages and figures at its first build (`npm start`, the e2e runner). A history that exists is left
 * alone: it may hold what earlier builds recorded.
 */
export async function importSamplePast(file: string, options: Partial<PastOptions> = {}): Promise<ImportCounts | null> {
  if (fs.existsSync(file)) return null;
  const history = await openHistory(file, { key: historyKey() });
  // The dictionary the sample API's /vehicle-types lists, as a build would read it.
  history.addVehicleTypes([...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES].map((type) => type.name));
  const counts = await history.importLines(pastLines({ end: startOfUtcDay(Date.now()), ...options }));
  history.save();
  history.close();
  return counts;
}
