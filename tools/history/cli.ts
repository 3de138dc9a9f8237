/**
 * `npm run history -- import FILE | stats | reset | rekey | unlock | download | upload` (docs/history.md).
 * HISTORY_FILE names the history, HISTORY_KEY the poster hash's key. A failure is one line on stderr
 * and a non-zero exit, never a stack trace, and leaves the history file byte for byte as it was: a
 * command saves last, after everything that can fail.
 */
import fs from 'node:fs';
import { fetchVehicleTypes } from '../../src/api-client/client';
import { historyFile, historyKey } from '../../src/history/config';
import { ImportLineError } from '../../src/history/import-line';
import { describeFingerprint, keyFingerprint } from '../../src/history/record';
import { HistoryFileError, openHistory, rekeyHistory, unlockHistory, type OpenOptions } from '../../src/history/store';
import type { HistoryStats } from '../../src/history/types';
import { deployConfigFromEnv } from '../deploy/deploy';
import { toolEnv } from '../env';
import { downloadHistory, historyObjectUrl, uploadHistory } from './bucket';
import { importFile, progressReporter } from './import-file';

const USAGE = 'npm run history -- import FILE | stats | reset | rekey | unlock | download | upload';

function day(time: number | null): string {
  return time === null ? '-' : new Date(time).toISOString().slice(0, 10);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

export function describeStats(stats: HistoryStats, bytes: number | null): string[] {
  const asTyped =
    stats.postersAsTyped > 0 ? ` (${stats.postersAsTyped} hashed from the digits as typed, before one phone was one poster)` : '';
  return [
    `loads    ${stats.loads} (${stats.open} open, ${stats.closed} closed)`,
    `routes   ${stats.routes}`,
    `posters  ${stats.posters}${asTyped}`,
    `dates    ${day(stats.first)} to ${day(stats.last)}`,
    `key      ${stats.keyFingerprint === null ? 'not recorded yet (the next build records its own)' : describeFingerprint(stats.keyFingerprint)}`,
    `file     ${bytes === null ? 'not written yet' : megabytes(bytes)}`,
  ];
}

/** A writer tells the person at the terminal when another one holds the history. */
const waitingNote: OpenOptions['onLockWait'] = (holder) =>
  console.error(`The board history is being written by ${holder}: waiting for it to finish.`);

/**
 * The API's dictionary of vehicle types (`GATSBY_API_URL/vehicle-types`), as the build reads it: an
 * imported load's vehicle type is kept only when it is one of them (docs/history.md, "Privacy"). Asked
 * only where GATSBY_API_URL names the API, since an import is often run away from it; otherwise, or
 * when it cannot be read, the import checks against the dictionary the history holds, and says so.
 */
async function apiVehicleTypes(): Promise<string[]> {
  const vars = toolEnv(process.env);
  const base = vars.url('GATSBY_API_URL', { example: 'https://api.example.uz/api' });
  vars.done();
  if (!base) {
    console.log("Vehicle types are checked against the history's own list of the API's (GATSBY_API_URL is not set).");
    return [];
  }
  try {
    return (await fetchVehicleTypes({ baseUrl: base, retries: 1 })).map((type) => type.name);
  } catch (error) {
    const cause = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200);
    console.error(
      `Could not read the vehicle types from ${base}/vehicle-types (${cause}): a line's vehicle type is kept only where the history's own list of them names it, else as unknown.`,
    );
    return [];
  }
}

async function runImport(file: string, source: string | undefined): Promise<void> {
  if (!source) throw new Error(`say which file to import: ${USAGE}`);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist`);
  const vehicleTypes = await apiVehicleTypes();
  const history = await openHistory(file, { key: historyKey(), onLockWait: waitingNote });
  try {
    history.addVehicleTypes(vehicleTypes);
    const progress = progressReporter();
    const started = performance.now();
    let counts;
    try {
      counts = await importFile(history, source, (lines) => progress.update(lines));
    } finally {
      progress.done();
    }
    const seconds = (performance.now() - started) / 1000;
    // Read before the save: a damaged page it meets then fails the import with the file untouched.
    const stats = history.stats();
    const bytes = history.save();
    console.log(
      `Imported ${source}: ${counts.lines} lines in ${seconds.toFixed(1)} s (${Math.round(counts.lines / Math.max(seconds, 0.001))} lines/s): ` +
        `${counts.new} new, ${counts.updated} updated, ${counts.unchanged} unchanged.`,
    );
    console.log(`The history in ${file} now holds ${stats.loads} loads (${megabytes(bytes)}).`);
  } finally {
    history.close();
  }
}

async function runStats(file: string): Promise<void> {
  if (!fs.existsSync(file)) {
    console.log(`No board history at ${file} yet: the next build or import starts it.`);
    return;
  }
  const history = await openHistory(file, { key: historyKey(), readOnly: true });
  console.log(`Board history ${file}`);
  for (const line of describeStats(history.stats(), fs.statSync(file).size)) console.log(`  ${line}`);
  history.close();
}

async function runReset(file: string): Promise<void> {
  let replaced = 'nothing (there was no file)';
  if (fs.existsSync(file)) {
    const bytes = fs.statSync(file).size;
    try {
      const old = await openHistory(file, { readOnly: true });
      const stats = old.stats();
      old.close();
      replaced = `${stats.loads} loads from ${day(stats.first)} to ${day(stats.last)} (${megabytes(bytes)})`;
    } catch (error) {
      replaced = `an unreadable file of ${megabytes(bytes)} (${error instanceof HistoryFileError ? error.message : String(error)})`;
    }
  }
  // Under the history's lock, on a working copy beside the file, renamed over it.
  const history = await openHistory(file, { key: historyKey(), startEmpty: true, onLockWait: waitingNote });
  try {
    history.save();
  } finally {
    history.close();
  }
  console.log(`Started an empty board history in ${file}; it replaced ${replaced}.`);
}

async function runRekey(file: string): Promise<void> {
  const key = historyKey();
  const now = describeFingerprint(keyFingerprint(key));
  if (!fs.existsSync(file)) {
    console.log(`No board history at ${file}: nothing to re-key; the next build hashes its posters with ${now}.`);
    return;
  }
  const { posters, from, bytes } = await rekeyHistory(file, key);
  if (from === keyFingerprint(key)) {
    console.log(`The board history in ${file} is hashed with ${now} already: nothing changed.`);
    return;
  }
  console.log(
    `Re-keyed the board history in ${file} (${megabytes(bytes)}) from ${from === null ? 'a key it did not record' : describeFingerprint(from)} to ${now}: ` +
      `${posters} poster hashes hashed again, which neither the old key nor a phone number matches any more. ` +
      'The posters of the loads it holds stay told apart; a phone read from now on is a new poster until those loads leave the 90 days of the going rates.',
  );
}

function runUnlock(file: string): void {
  const cleared = unlockHistory(file);
  if (cleared.kind === 'none') console.log(`Board history ${file} has no lock: nothing to remove.`);
  else if (cleared.kind === 'live')
    throw new Error(`${file} is being written by ${cleared.holder}, which is running on this machine: left locked; wait for it to finish`);
  else console.log(`Removed the lock of board history ${file}, held by ${cleared.holder}.`);
}

async function runBucket(action: 'download' | 'upload', file: string): Promise<void> {
  const config = deployConfigFromEnv(process.env);
  const where = historyObjectUrl(config);
  // GitHub Actions shows `::warning::` lines as annotations on the run.
  const vars = toolEnv(process.env);
  const annotated = vars.flag('GITHUB_ACTIONS');
  vars.done();
  const warn = (text: string) => console.log(`${annotated ? '::warning::' : 'Warning: '}${text}`);
  if (action === 'download') {
    const result = await downloadHistory(config, file);
    if (result.kind === 'downloaded') console.log(`Read the board history from ${where} into ${file} (${megabytes(result.bytes)}).`);
    else if (result.kind === 'none') warn(`No board history at ${where}: this build starts a new one.`);
    else
      warn(
        `Could not read the board history at ${where} (${result.reason}): this build starts a new one, and this run will not store it over the bucket's copy.`,
      );
    return;
  }
  const result = await uploadHistory(config, file);
  if (result.kind === 'development-key')
    throw new Error(
      `${file} is hashed with the development key, which anyone can use to match its posters to phone numbers: not stored in ${where}; set the secret HISTORY_KEY and re-key the history with it (npm run history -- rekey)`,
    );
  if (result.kind === 'uploaded') console.log(`Kept the board history in ${where} (${megabytes(result.bytes)}).`);
  else if (result.kind === 'no-file') warn(`No ${file} to keep: nothing stored.`);
  else if (result.kind === 'not-downloaded')
    warn(`This run did not read ${where} (no ${file}.etag): nothing stored, so no older copy can replace it.`);
  else warn(`Did not store the board history in ${where}: ${result.reason}. A newer history is kept there.`);
}

async function main(): Promise<void> {
  const [action, argument] = process.argv.slice(2);
  const file = historyFile();
  try {
    if (action === 'import') await runImport(file, argument);
    else if (action === 'stats') await runStats(file);
    else if (action === 'reset') await runReset(file);
    else if (action === 'rekey') await runRekey(file);
    else if (action === 'unlock') runUnlock(file);
    else if (action === 'download' || action === 'upload') await runBucket(action, file);
    else throw new Error(`unknown command ${JSON.stringify(action ?? '')}: ${USAGE}`);
  } catch (error) {
    const message =
      error instanceof ImportLineError
        ? `${argument}: ${error.message}; nothing was imported`
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`npm run history -- ${action ?? ''}: ${message.replace(/\s+/g, ' ').trim()}`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
