import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Gatsby's own output only: every script element it writes is `<script …>…</script>` on one element,
// and JSON-LD (kept: it is data, not script) never holds `</script>` (src/head/json-ld.ts escapes it).
const SCRIPT = /<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g;
const SCRIPT_HINT = /<link[^>]*\bas="(?:script|fetch)"[^>]*>/g;

/** A built page's HTML as a browser without script would load it: no script runs, none is fetched. */
export function htmlWithoutScript(html: string): string {
  const stripped = html.replace(SCRIPT, '').replace(SCRIPT_HINT, '');
  if (/<script(?![^>]*type="application\/ld\+json")/.test(stripped)) throw new Error('a script element was left in a page');
  return stripped;
}

/**
 * Copies a built site with every page's script taken out (bench:lighthouse --without-script): what
 * its HTML and CSS alone cost the main thread, with nothing of the stack or the site running.
 */
export function copyWithoutScript(from: string, to: string): void {
  cpSync(from, to, { recursive: true, filter: (source) => !source.endsWith('.map') });
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.html')) writeFileSync(file, htmlWithoutScript(readFileSync(file, 'utf8')));
    }
  };
  visit(to);
}
