/**
 * The site's own page for a navigation the offline worker has not kept (a load's page, the language
 * switch, any page never opened), in place of the browser's "This site can't be reached" in English.
 * One static HTML per language, written by the build from the locale texts (src/gatsby/offline-pages.ts),
 * kept by the worker at install, and answered by it when such a navigation finds no network. No script:
 * its two links are filled in by the worker (`offlinePageFor`). Plain strings, so the worker's bundle
 * reads this module without the site's code.
 */

/** Where the build writes each language's page, by the language's URL prefix. */
export const OFFLINE_PAGE_PATHS = {
  uz: '/offline/uz.html',
  'uz-cyrl': '/offline/uz-cyrl.html',
  ru: '/offline/ru.html',
} as const;

export type OfflinePagePrefix = keyof typeof OFFLINE_PAGE_PATHS;

/** What the worker writes into the page: the kept list to go back to, and the page asked for. */
const BACK_HREF = '__OFFLINE_BACK__';
const RETRY_HREF = '__OFFLINE_RETRY__';

export interface OfflinePageTexts {
  /** `<html lang>`. */
  htmlLang: string;
  brand: string;
  title: string;
  lead: string;
  back: string;
  retry: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The page, with its two links left for the worker to fill in. */
export function offlinePageHtml(texts: OfflinePageTexts): string {
  const e = escapeHtml;
  return [
    '<!DOCTYPE html>',
    `<html lang="${e(texts.htmlLang)}">`,
    '<head>',
    '<meta charset="utf-8"/>',
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
    '<meta name="robots" content="noindex"/>',
    `<title>${e(texts.title)} · ${e(texts.brand)}</title>`,
    '<style>body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}' +
      'main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}' +
      'a{display:inline-block;margin:.5rem 1rem .5rem 0;padding:.75rem 1rem;border-radius:.5rem;color:#fff;background:#0b5cad;text-decoration:none;font-weight:600}' +
      'a.secondary{color:#0b5cad;background:#fff;border:2px solid #0b5cad}a:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}</style>',
    '</head>',
    '<body>',
    '<main>',
    `<h1>${e(texts.title)}</h1>`,
    `<p>${e(texts.lead)}</p>`,
    `<p><a href="${BACK_HREF}">${e(texts.back)}</a><a class="secondary" href="${RETRY_HREF}">${e(texts.retry)}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The language prefix of a path (`/ru/load/7` → `ru`), the default language's for a bare path. */
export function offlinePagePrefix(pathname: string): OfflinePagePrefix {
  const first = pathname.split('/')[1] ?? '';
  return first === 'ru' || first === 'uz-cyrl' || first === 'uz' ? first : 'uz';
}

/**
 * The page as the worker answers it: its links lead back to `back` (the kept board, a path of the site)
 * and to the page asked for, `retry`. Both are the site's own paths, escaped as attribute values.
 */
export function offlinePageFor(html: string, back: string, retry: string): string {
  const attribute = (path: string) => escapeHtml(path.startsWith('/') && !path.startsWith('//') ? path : '/');
  return html.replace(BACK_HREF, attribute(back)).replace(RETRY_HREF, attribute(retry));
}

/**
 * Where the page's first link leads: the board in the page's language when it is kept (the bare board
 * too, for the default language), else another language's kept board, else the newest kept list page,
 * else the board of the page's language. `kept`: the paths of the kept pages, newest first.
 */
export function keptBoardPath(prefix: OfflinePagePrefix, kept: readonly string[]): string {
  const own = `/${prefix}/loads`;
  const boards = kept.filter((path) => /^(\/(uz|uz-cyrl|ru))?\/loads$/.test(path));
  const mine = boards.find((path) => path === own || (prefix === 'uz' && path === '/loads'));
  return mine ?? boards[0] ?? kept[0] ?? own;
}
