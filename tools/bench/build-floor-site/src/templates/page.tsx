import React from 'react';
import type { PageProps } from 'gatsby';

/** One heading: the least a page can render, whatever its context carries. */
export default function FloorPage({ path }: PageProps) {
  return (
    <main>
      <h1>{path}</h1>
    </main>
  );
}
