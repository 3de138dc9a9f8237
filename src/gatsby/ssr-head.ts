import React from 'react';

/** A page's head as Gatsby's Head API hands it to the HTML: `<html>`'s attributes and the tags. */
export interface ServerHead {
  htmlAttributes: Record<string, unknown>;
  components: React.ReactElement[];
}

/** What Gatsby marks every tag of a page's Head with, so the browser can tell them from the others. */
const HEAD_MARK = 'data-gatsby-head';

function addTags(node: React.ReactNode, head: ServerHead): void {
  if (node === null || node === undefined || typeof node === 'boolean') return;
  if (Array.isArray(node)) {
    for (const child of node as React.ReactNode[]) addTags(child, head);
    return;
  }
  if (!React.isValidElement(node)) throw new Error(`A server head holds elements only, not ${typeof node}`);
  const { type } = node;
  const props = node.props as Record<string, unknown> & { children?: React.ReactNode };
  if (type === React.Fragment) return addTags(props.children, head);
  // A Head made of plain function components (no hooks, no context): called as React would call them.
  if (typeof type === 'function' && !(type.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent)
    return addTags((type as (props: unknown) => React.ReactNode)(props), head);
  if (typeof type !== 'string') throw new Error('A server head holds plain function components only');
  if (type === 'html') {
    const { children: _children, ...attributes } = props;
    head.htmlAttributes = { ...head.htmlAttributes, ...attributes };
    return;
  }
  head.components.push(React.createElement(type, { ...props, key: head.components.length, [HEAD_MARK]: true }));
}

/**
 * The tags Gatsby's server would write for a Head element, made from the element itself. Gatsby renders
 * a template's Head to a string and parses it back, decoding every attribute several times over (about
 * 0.75 ms of CPU a page, most of a load page's render); written as its tags are, in the same order and
 * each with Gatsby's mark, the page's HTML is the same bytes (`__tests__/gatsby-ssr-head.test.tsx`), and
 * the browser, which renders the template's Head itself, finds the tags it expects.
 */
export function serverHead(element: React.ReactNode): ServerHead {
  const head: ServerHead = { htmlAttributes: {}, components: [] };
  addTags(element, head);
  return head;
}
