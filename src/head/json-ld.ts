/**
 * JSON for a `<script type="application/ld+json">` element. JSON.stringify alone lets a value such as
 * `</script><script>…` close the element; escaping `<`, `>` and `&` as \u escapes keeps the JSON
 * identical for a parser and inert for the HTML tokenizer. U+2028/2029 are escaped for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
