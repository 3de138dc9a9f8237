import React from 'react';

/**
 * Gatsby's runtime does not exist under jest. This stands in for the few pieces components use:
 * Link renders a plain anchor, navigate is recorded, graphql tags are inert.
 */
export const navigateCalls: { to: string; options?: unknown }[] = [];

export function navigate(to: string, options?: unknown): Promise<void> {
  navigateCalls.push({ to, options });
  return Promise.resolve();
}

export function Link({ to, children, ...rest }: { to: string; children?: React.ReactNode } & Record<string, unknown>) {
  const anchorProps = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !['activeClassName', 'activeStyle', 'partiallyActive', 'replace', 'state'].includes(key)),
  );
  return (
    <a href={to} {...anchorProps}>
      {children}
    </a>
  );
}

export function graphql(): null {
  return null;
}

export function withPrefix(path: string): string {
  return path;
}
