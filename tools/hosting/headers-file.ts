/**
 * The `_headers` file format of Netlify and Cloudflare Pages: a path pattern on its own line (`*`
 * matches anything), then indented `Name: value` lines. Every matching rule applies.
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
      const escaped = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ pattern: new RegExp(`^${escaped}$`), headers: [] });
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
