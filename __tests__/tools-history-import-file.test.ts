/**
 * The import's reading of its file (tools/history/import-file.ts): bytes that are not UTF-8 and a line
 * longer than any load fail the import with the line's number, nothing imported; CRLF line ends and a
 * byte order mark are read as the text they frame.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImportLineError } from '../src/history/import-line';
import { openHistory } from '../src/history/store';
import type { BoardHistory } from '../src/history/types';
import { importFile, MAX_IMPORT_LINE_BYTES } from '../tools/history/import-file';

const line = (id: string) =>
  JSON.stringify({ id, fromLocation: { name: 'Toshkent' }, toLocation: { name: 'Samarqand' }, createdAt: '2026-06-01T08:12:00Z' });

let dir: string;
let history: BoardHistory;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-import-file-'));
  history = await openHistory(path.join(dir, 'history.sqlite'));
});
afterEach(() => {
  history.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function failure(bytes: Buffer): Promise<ImportLineError> {
  const file = path.join(dir, 'loads.jsonl');
  fs.writeFileSync(file, bytes);
  const caught = await importFile(history, file).catch((error: unknown) => error);
  expect(caught).toBeInstanceOf(ImportLineError);
  expect(history.loadCounts().loads).toBe(0);
  return caught as ImportLineError;
}

it('fails on bytes that are not UTF-8, naming their line, where they would have been stored as U+FFFD', async () => {
  const bad = Buffer.concat([
    Buffer.from(`${line('a')}\n{"id":"b`),
    Buffer.from([0xff, 0xfe]),
    Buffer.from(`","createdAt":"2026-06-01T08:12:00Z"}\n${line('c')}\n`),
  ]);
  const error = await failure(bad);
  expect(error.line).toBe(2);
  expect(error.message).toMatch(/^line 2: is not UTF-8/);
});

it('fails on a line longer than any load, naming it, without reading the rest of it', async () => {
  const long = Buffer.alloc(MAX_IMPORT_LINE_BYTES * 40, 0x20);
  const error = await failure(Buffer.concat([Buffer.from(`${line('a')}\n${line('b')}\n`), long, Buffer.from(`\n${line('c')}\n`)]));
  expect(error.line).toBe(3);
  expect(error.message).toMatch(/^line 3: longer than 64 KB/);
});

it('reads CRLF line ends, a byte order mark and a last line without a line end', async () => {
  const file = path.join(dir, 'loads.jsonl');
  fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${line('a')}\r\n\r\n${line('b')}\r\n${line('c')}`)]));
  expect(await importFile(history, file)).toMatchObject({ lines: 4, new: 3 });
});
