import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

/**
 * The Nu Html Checker's errors in the page as the browser holds it now (after script and the worker ran).
 * Gatsby's runtime adds `<link rel="prefetch" as="fetch">` for the page data of links in view, which the
 * checker refuses (`as` belongs to preload): its markup, not the page's, so it is left out.
 */
export async function renderedHtmlErrors(page: Page): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-html-'));
  try {
    const file = path.join(dir, 'page.html');
    fs.writeFileSync(file, `<!DOCTYPE html>${await page.evaluate(() => document.documentElement.outerHTML)}`);
    const jar = path.join(path.dirname(require.resolve('vnu-jar')), 'build', 'dist', 'vnu.jar');
    const java = process.env.JAVA_PATH || '/usr/bin/java';
    const { stdout } = await promisify(execFile)(java, ['-jar', jar, '--format', 'json', '--stdout', '--exit-zero-always', file]);
    return (JSON.parse(stdout) as { messages: { type: string; message: string; extract?: string }[] }).messages
      .filter((message) => message.type === 'error' && !/rel="prefetch" href="\/page-data\//.test(message.extract ?? ''))
      .map((message) => `${message.message} [${message.extract ?? ''}]`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
