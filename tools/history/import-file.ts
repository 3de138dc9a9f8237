import fs from 'node:fs';
import { ImportLineError } from '../../src/history/import-line';
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

/** The longest line an import reads: a load is a few hundred bytes, so a longer line is no load. */
export const MAX_IMPORT_LINE_BYTES = 64 * 1024;

const LINE_FEED = 0x0a;
const BYTE_ORDER_MARK = '\ufeff';
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** One line's bytes as text; bytes that are not UTF-8 fail the line (a decoder that replaced them would store U+FFFD). */
function lineText(bytes: Buffer, line: number): string {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new ImportLineError(line, 'is not UTF-8 (save the file as UTF-8)');
  }
  if (line === 1 && text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/**
 * The lines of `file`, read in chunks: a line longer than MAX_IMPORT_LINE_BYTES fails with its number as
 * soon as it is that long, so a 100 MB line is never held whole; the last line may lack its line end.
 */
export async function* importFileLines(file: string): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let length = 0;
  let line = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MAX_IMPORT_LINE_BYTES }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(LINE_FEED, start);
      length += (end === -1 ? chunk.length : end) - start;
      if (length > MAX_IMPORT_LINE_BYTES)
        throw new ImportLineError(line + 1, 'longer than 64 KB, which no load is (is this a JSON Lines file, one load a line?)');
      parts.push(chunk.subarray(start, end === -1 ? chunk.length : end));
      if (end === -1) break;
      line += 1;
      yield lineText(Buffer.concat(parts), line);
      parts = [];
      length = 0;
      start = end + 1;
    }
  }
  if (length > 0) yield lineText(Buffer.concat(parts), line + 1);
}

/** Imports a JSON Lines file, all or nothing (the store's transaction); the caller saves. */
export function importFile(history: BoardHistory, file: string, onProgress?: (lines: number) => void): Promise<ImportCounts> {
  return history.importLines(importFileLines(file), { onProgress });
}
