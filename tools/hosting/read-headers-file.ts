import { headersPattern } from '../../src/hosting/headers-pattern';

/**
 * Reads a `_headers` file back as a host does (the build writes it: src/hosting/write-headers-file.ts),
 * so tests can ask what a host would send for a path. The format of Netlify and Cloudflare Pages: a
 * path pattern on its own line (`*` matches anything), then indented `Name: value` lines. Every
 * matching rule applies.
 */
export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: headersPattern(line.trim()), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules[rules.length - 1];
    if (rule && separator > 0) rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of rule.headers) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}
