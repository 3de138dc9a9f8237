/**
 * A path pattern of the `_headers` file of Netlify and Cloudflare Pages, as the hosts match it: `*`
 * stands for any run of characters, `/` included, and every other character is itself. The file is
 * written with it (write-headers-file.ts) and read back with it by the tests (tools/hosting).
 */
export function headersPattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}
