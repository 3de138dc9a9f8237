/**
 * Telegram's HTML parse mode (`parse_mode: HTML`) as the fake Bot API reads messages with it
 * (fake-bot-api.ts): the tags and entities Telegram takes, and its errors for the rest.
 */

export interface Entity {
  type: string;
  offset: number;
  length: number;
  url?: string;
}

const TAGS: Record<string, string> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  code: 'code',
  pre: 'pre',
  a: 'text_link',
  blockquote: 'blockquote',
  'tg-spoiler': 'spoiler',
};
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/**
 * Telegram's HTML parse mode, as its documentation describes it: the tags above, the four named
 * entities and numeric ones; every other `<`, `>` or `&` is an error. Offsets count UTF-16 units.
 */
export function parseTelegramHtml(html: string): { text: string; entities: Entity[] } {
  let text = '';
  const entities: Entity[] = [];
  const open: Array<{ tag: string; start: number; url?: string }> = [];
  let index = 0;
  const byteOffset = (at: number) => Buffer.byteLength(html.slice(0, at));
  while (index < html.length) {
    const char = html[index] as string;
    if (char === '<') {
      const end = html.indexOf('>', index);
      if (end < 0) throw new Error(`Unclosed start tag at byte offset ${byteOffset(index)}`);
      const inside = html.slice(index + 1, end);
      const closing = inside.startsWith('/');
      const name = (closing ? inside.slice(1) : inside).trim().split(/\s/)[0]?.toLowerCase() ?? '';
      if (!TAGS[name]) throw new Error(`Unsupported start tag "${name}" at byte offset ${byteOffset(index)}`);
      if (closing) {
        const last = open.pop();
        if (!last || last.tag !== name)
          throw new Error(`Unmatched end tag at byte offset ${byteOffset(index)}, expected "</${last?.tag ?? ''}>", found "</${name}>"`);
        const entity: Entity = { type: TAGS[name] as string, offset: last.start, length: text.length - last.start };
        if (last.url) entity.url = last.url;
        if (entity.length > 0) entities.push(entity);
      } else {
        const raw = /href\s*=\s*"([^"]*)"/.exec(inside)?.[1];
        // An attribute's entities are read as Telegram reads them: `&amp;` in a link is `&`.
        const href = raw?.replace(/&(lt|gt|quot|amp);/g, (_entity, name: string) => NAMED_ENTITIES[name] ?? '');
        open.push({ tag: name, start: text.length, ...(href ? { url: href } : {}) });
      }
      index = end + 1;
    } else if (char === '>') {
      throw new Error(`Unexpected end tag at byte offset ${byteOffset(index)}`);
    } else if (char === '&') {
      const match = /^&(#\d+|#x[0-9a-f]+|[a-z]+);/i.exec(html.slice(index));
      const name = match?.[1];
      let decoded: string | undefined;
      if (name?.startsWith('#x') || name?.startsWith('#X')) decoded = String.fromCodePoint(parseInt(name.slice(2), 16));
      else if (name?.startsWith('#')) decoded = String.fromCodePoint(Number(name.slice(1)));
      else if (name) decoded = NAMED_ENTITIES[name.toLowerCase()];
      if (!match || decoded === undefined) throw new Error(`Character entity expected at byte offset ${byteOffset(index)}`);
      text += decoded;
      index += match[0].length;
    } else {
      text += char;
      index += 1;
    }
  }
  if (open.length > 0) throw new Error(`Can't find end tag corresponding to start tag "${open[open.length - 1]?.tag}"`);
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities };
}
