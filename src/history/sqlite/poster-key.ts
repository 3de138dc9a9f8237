import { createHmac } from 'node:crypto';
import { describeFingerprint, keyFingerprint } from '../record';
import type { Connection, SqlValue } from './connection';
import { HistoryKeyError } from './errors';

/**
 * The key the file's poster hashes were made with, as its fingerprint in `meta`. A history read and
 * written with another key would make every poster a new one (a hash of the same phone under another
 * key matches nothing), so another key stops the build unless the operator re-keys on purpose.
 */

const FINGERPRINT = 'key_fingerprint';

export function readFingerprint(connection: Connection): string | null {
  return connection.get<{ value: string }>('SELECT value FROM meta WHERE name = ?', FINGERPRINT)?.value ?? null;
}

function writeFingerprint(connection: Connection, fingerprint: string): void {
  connection
    .statement('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value')
    .run(FINGERPRINT, fingerprint);
}

/**
 * Checks that `key` wrote the file. A file that remembers no key (new, or from before schema 3) takes
 * this one, on a connection that writes; one opened to read only is then not checked.
 */
export function checkKey(connection: Connection, key: string, options: { writable: boolean }): void {
  const wanted = keyFingerprint(key);
  const written = readFingerprint(connection);
  if (written === wanted) return;
  if (written === null) {
    if (options.writable) connection.transaction(() => writeFingerprint(connection, wanted));
    return;
  }
  throw new HistoryKeyError(
    connection.file,
    `Board history ${connection.file} was written with ${describeFingerprint(written)}, not with this HISTORY_KEY (${describeFingerprint(wanted)}): ` +
      'set the key that wrote it, or re-key the history on purpose with npm run history -- rekey',
  );
}

/**
 * Re-keys the history: each stored poster hash is hashed again with `key`, and the file remembers that
 * key. The old key then matches nothing in the file. The posters of the loads already kept stay told
 * apart from each other; a phone read from now on is hashed from the phone with the new key, so the
 * same person is a new poster until the older loads leave the going rates' window.
 */
export function rekey(connection: Connection, key: string): { posters: number; from: string | null } {
  const from = readFingerprint(connection);
  let posters = 0;
  // Hashing the hashes again with the key that made them would lose every poster of the file.
  if (from === keyFingerprint(key)) return { posters, from };
  connection.transaction(() => {
    connection.defineFunction('history_rekey', (hash: SqlValue) =>
      hash instanceof Uint8Array ? createHmac('sha256', key).update(hash).digest() : hash,
    );
    posters = Number(connection.statement('UPDATE posters SET hash = history_rekey(hash)').run().changes);
    writeFingerprint(connection, keyFingerprint(key));
  });
  return { posters, from };
}
