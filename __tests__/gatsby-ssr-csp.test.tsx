import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { inlineScriptHashes, policyAllows } from '../src/gatsby/csp';
import { cspMeta, noteBodyScripts, SCRIPTS_SLICE_FILE } from '../src/gatsby/ssr-csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the script policy written as a page is rendered', () => {
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-csp-'));
  const slice = '\n<script\n  id="gatsby-chunk-mapping"\n>\n  window.___chunkMapping="{}";\n</script><script src="/app.js" async></script>';
  fs.mkdirSync(path.dirname(path.join(publicDir, SCRIPTS_SLICE_FILE)), { recursive: true });
  fs.writeFileSync(path.join(publicDir, SCRIPTS_SLICE_FILE), slice);
  afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

  it("allows the body's, the components' and the scripts slice's inline scripts, and no data block", () => {
    noteBodyScripts('/uz/x', '<div><script>window.body=1</script></div>');
    const meta = cspMeta('/uz/x', publicDir, [
      <script key="a" dangerouslySetInnerHTML={{ __html: 'window.pagePath="/uz/x"' }} />,
      <script key="b" type="application/ld+json" dangerouslySetInnerHTML={{ __html: '{"a":1}' }} />,
      <script key="c" src="/x.js" />,
      <script key="d" type="module" dangerouslySetInnerHTML={{ __html: 'console.log(1)' }} />,
      <link key="e" rel="icon" href="/favicon.svg" />,
    ]);
    const head = renderToStaticMarkup(meta);
    const expected = [sha('window.body=1'), sha('window.pagePath="/uz/x"'), sha('console.log(1)'), ...inlineScriptHashes(slice)];
    expect(policyAllows(head, expected)).toBe(true);
    expect(policyAllows(head, [sha('{"a":1}')])).toBe(false);
    expect(inlineScriptHashes(slice)).toEqual([sha('\n  window.___chunkMapping="{}";\n')]);
  });

  it('says a policy written against another scripts slice does not allow the one stitched in now', () => {
    const head = renderToStaticMarkup(cspMeta('/ru/y', publicDir, []));
    expect(policyAllows(head, inlineScriptHashes(slice))).toBe(true);
    expect(policyAllows(head, [sha('window.___chunkMapping="{\\"new\\":1}";')])).toBe(false);
    expect(policyAllows('<head><meta charSet="utf-8"/></head>', [])).toBe(false);
  });
});
