import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { apiOrigin } from '../config/env';
import { contentSecurityPolicy, inlineScriptHashes, isDataBlock, scriptHash } from './csp';

/**
 * Each page's script policy, written into its <head> as Gatsby renders it rather than by reading and
 * writing every HTML file again after the build: its inline scripts are all known there, in the body
 * this site renders (./ssr.tsx), in the head and body components Gatsby and the plugins add, and in the
 * scripts slice Gatsby stitches in afterwards (public/_gatsby/slices/_gatsby-scripts-1.html, written by
 * webpack's step, before any page is rendered). onPostBuild (./post-build.ts) then only checks that a
 * page's policy allows the scripts slice as it is, and writes the policy itself where it does not (a
 * page stitched again with a new slice but not rendered again, a page the site writes itself).
 */
export const SCRIPTS_SLICE_FILE = path.join('_gatsby', 'slices', '_gatsby-scripts-1.html');

/** The body's inline scripts, by page, from its render until its head is written. */
const bodyHashes = new Map<string, string[]>();

export function noteBodyScripts(pathname: string, bodyHtml: string): void {
  bodyHashes.set(pathname, inlineScriptHashes(bodyHtml));
}

let slice: { mtimeMs: number; hashes: string[] } | null = null;
let sliceCheckedAt = -Infinity;

/**
 * Where the renderer was compiled without the slice's hashes (gatsby develop), how long the slice's scripts
 * are trusted without looking at the file again: Gatsby's tracking of what a render reads captures a stack
 * trace for every file call (0.1 ms a page). A built page whose policy does not allow the slice as it is
 * in the end has its policy mended by onPostBuild, which checks every page against it.
 */
const SLICE_CHECK_MS = 2000;

/** The inline scripts of the scripts slice as it is now in `publicDir` (none without one). */
export function scriptsSliceHashes(publicDir: string): string[] {
  const file = path.join(publicDir, SCRIPTS_SLICE_FILE);
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    slice = null;
    return [];
  }
  if (slice?.mtimeMs !== mtimeMs) slice = { mtimeMs, hashes: inlineScriptHashes(fs.readFileSync(file, 'utf8')) };
  return slice.hashes;
}

/**
 * The name under which the build's webpack step hands the HTML renderer the scripts slice's hashes
 * (./webpack.ts): Gatsby writes the slice while it builds the browser's script, before it compiles the
 * renderer, and a render that reads a file itself makes Gatsby render every page again on every later
 * build ("Unsafe builtin method was used"), the unchanged ones too.
 */
export const BUILT_SLICE_HASHES = '__SCRIPTS_SLICE_HASHES__';
declare const __SCRIPTS_SLICE_HASHES__: readonly string[] | undefined;

/** The slice's hashes as the renderer was compiled with them; null where it was not (gatsby develop, tests). */
function builtSliceHashes(): readonly string[] | null {
  return typeof __SCRIPTS_SLICE_HASHES__ === 'undefined' ? null : __SCRIPTS_SLICE_HASHES__;
}

/** The same while a page is rendered: looked at again once SLICE_CHECK_MS have passed. */
function renderedSliceHashes(publicDir: string): readonly string[] {
  const built = builtSliceHashes();
  if (built) return built;
  const now = performance.now();
  if (now - sliceCheckedAt < SLICE_CHECK_MS) return slice?.hashes ?? [];
  sliceCheckedAt = now;
  return scriptsSliceHashes(publicDir);
}

interface ScriptProps {
  src?: string;
  type?: string;
  dangerouslySetInnerHTML?: { __html?: unknown };
  children?: unknown;
}

/** The inline scripts among components Gatsby renders into the page as they are. */
function componentHashes(components: readonly React.ReactNode[]): string[] {
  return components.flatMap((component) => {
    if (!React.isValidElement(component)) return [];
    if (typeof component.type === 'string' && component.type !== 'script') return [];
    const props = component.props as ScriptProps;
    if (component.type === 'script') {
      if (props.src || isDataBlock(props.type)) return [];
      const html = props.dangerouslySetInnerHTML?.__html;
      if (typeof html === 'string' && props.children === undefined) return [scriptHash(html)];
    }
    // Anything else (a component, a script with children React escapes): as React writes it.
    return inlineScriptHashes(renderToStaticMarkup(component));
  });
}

/** The policy's <meta> for a page, once its head and body components are final. */
export function cspMeta(pathname: string, publicDir: string, components: readonly React.ReactNode[]): React.ReactElement {
  const hashes = new Set([...(bodyHashes.get(pathname) ?? []), ...componentHashes(components), ...renderedSliceHashes(publicDir)]);
  bodyHashes.delete(pathname);
  return (
    <meta key="content-security-policy" httpEquiv="Content-Security-Policy" content={contentSecurityPolicy([...hashes], apiOrigin())} />
  );
}
