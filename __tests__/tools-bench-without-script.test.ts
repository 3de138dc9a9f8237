import { htmlWithoutScript } from '../tools/bench/without-script';

const PAGE =
  '<!DOCTYPE html><html><head><link as="script" rel="preload" href="/app.js"/><link rel="prefetch" as="fetch" href="/page-data/x.json" crossorigin="anonymous"/>' +
  '<script type="application/ld+json" data-gatsby-head="true">{"@type":"Service","name":"\\u003c/script\\u003e"}</script></head>' +
  '<body><main><h1>Yuk bor</h1></main><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>' +
  '<script src="/app.js" async=""></script></body></html>';

describe('a built page without script (bench:lighthouse --without-script)', () => {
  it('keeps the content and the JSON-LD, and drops every script and every hint to fetch one', () => {
    const html = htmlWithoutScript(PAGE);
    expect(html).toContain('<h1>Yuk bor</h1>');
    expect(html).toContain('<script type="application/ld+json" data-gatsby-head="true">{"@type":"Service"');
    expect(html).not.toContain('app.js');
    expect(html).not.toContain('page-data');
    expect(html).not.toContain('pagePath');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('refuses a page it could not strip rather than measure a page that still runs script', () => {
    expect(() => htmlWithoutScript('<body><script src="/app.js"></body>')).toThrow(/script element was left/);
  });
});
