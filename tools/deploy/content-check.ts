/**
 * What a file of public/ is, judged by its name's characters and by its bytes rather than by what its
 * name claims: a board history copied in as `static/board-history.sqlite` or `page-data/x/history.json`
 * is named by the hosting policy like any of the site's files, and would be published. Pure, so the
 * deploy can run it on every file before it sends anything.
 */

/** SQLite's own marks: a database's first 16 bytes, a WAL file's and a rollback journal's magic numbers. */
const SQLITE_DATABASE = Buffer.from('SQLite format 3\0', 'latin1');
const SQLITE_WAL = [Buffer.from([0x37, 0x7f, 0x06, 0x82]), Buffer.from([0x37, 0x7f, 0x06, 0x83])];
const SQLITE_JOURNAL = Buffer.from([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]);

/**
 * Characters a CDN or a browser reads as something else than part of a name: control characters (a
 * newline splits a header or a log line), `?` and `#` (the path ends there), `\` (a slash to some), and
 * a percent escape (`%2e%2e` is `..` once decoded).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const ODD_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029?#\\]|%[0-9a-f]{2}/i;

/** A script or style sheet that names its source map, in the comment browsers read. */
const MAP_COMMENT = /^\s*(?:\/\/|\/\*)[#@]\s*sourceMappingURL=/m;

/** Why a key cannot be published as it is, or null. Keys have forward slashes, as the deploy gives them. */
export function nameProblem(key: string): string | null {
  return ODD_NAME.test(key) ? 'has a name a URL cannot carry as it is (a control character, ?, #, \\ or a percent escape)' : null;
}

/** Why a file must not be published whatever its name, or null when its bytes are the site's kind. */
export function contentProblem(key: string, body: Buffer): string | null {
  if (startsWith(body, SQLITE_DATABASE)) return 'is an SQLite database (a board history?)';
  if (startsWith(body, SQLITE_JOURNAL) || SQLITE_WAL.some((magic) => startsWith(body, magic)))
    return 'is an SQLite journal (of a board history?)';
  if (/\.map$/i.test(key)) return 'is a source map (it gives away the code’s sources)';
  if (/\.(m?js|css)$/i.test(key) && MAP_COMMENT.test(body.toString('utf8'))) return 'names a source map (sourceMappingURL)';
  return jsonProblem(body);
}

/**
 * The JSON shapes of what the tools keep between runs, and of a source map. A cheap look for one of
 * their keys comes first, so the build's thousands of page-data files are not all parsed.
 */
function jsonProblem(body: Buffer): string | null {
  const first = body.find((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
  if (first !== 0x7b) return null;
  const text = body.toString('utf8');
  if (!text.includes('"generation"') && !text.includes('"mappings"')) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const object = value as Record<string, unknown>;
  const isObject = (field: unknown) => typeof field === 'object' && field !== null;
  if (typeof object.mappings === 'string' && Array.isArray(object.sources)) return 'is a source map (it gives away the code’s sources)';
  if (typeof object.generation !== 'number') return null;
  if (isObject(object.chats) && typeof object.offset === 'number')
    return 'holds the Telegram alerts’ subscriptions (chat ids and their searches)';
  if (typeof object.chat === 'string' && isObject(object.posts)) return 'holds the Telegram channel’s state';
  return null;
}

function startsWith(body: Buffer, mark: Buffer): boolean {
  return body.length >= mark.length && body.subarray(0, mark.length).equals(mark);
}
