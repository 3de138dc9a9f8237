import React from 'react';

/** One heading and one paragraph, hydrated by Gatsby's defaults: the least a page of this stack runs. */
export default function FloorPage() {
  return (
    <main>
      <h1>Yuk bor</h1>
      <p>Toshkentdan Samarqandga 20 tonna sement.</p>
    </main>
  );
}

export const Head = () => <title>Yuk bor</title>;
