import fs from 'node:fs';
import readline from 'node:readline';
import type { BoardHistory, ImportCounts } from '../../src/history/types';

/**
 * Progress of an import as a person or a CI log wants it: on a terminal one line rewritten in place a
 * few times a second; elsewhere (CI) a plain line every few seconds, so the log stays short.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr): { update(lines: number): void; done(): void } {
  const tty = Boolean(stream.isTTY);
  const every = tty ? 250 : 5000;
  const started = performance.now();
  let last = started;
  let shown = false;
  const line = (lines: number) => {
    const seconds = (performance.now() - started) / 1000;
    return `${lines.toLocaleString('en')} lines read, ${Math.round(lines / Math.max(seconds, 0.001)).toLocaleString('en')} loads a second`;
  };
  return {
    update(lines) {
      const now = performance.now();
      if (now - last < every) return;
      last = now;
      shown = true;
      stream.write(tty ? `\r${line(lines)}\u001b[K` : `${line(lines)}\n`);
    },
    done() {
      if (shown && tty) stream.write('\n');
    },
  };
}

/** Imports a JSON Lines file, all or nothing (the store's transaction); the caller saves. */
export async function importFile(history: BoardHistory, file: string, onProgress?: (lines: number) => void): Promise<ImportCounts> {
  const input = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    return await history.importLines(lines, { onProgress });
  } finally {
    lines.close();
    input.destroy();
  }
}
