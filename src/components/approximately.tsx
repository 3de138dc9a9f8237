import React from 'react';

/**
 * An estimate as a page shows it (docs/rates.md, "Distance and price per kilometre"): "≈ 310 km" to the eye,
 * "about 310 km" to a screen reader, which would read "≈" as "almost equal to" or not at all. Every
 * estimated distance and price per km on a page is written through this, the cards and the going rates
 * alike; `about` is `loads:distance.about` in the page's language.
 */
export function Approximately({ text, about }: { text: string; about: string }) {
  return (
    <>
      <span aria-hidden="true">≈</span>
      <span className="visually-hidden">{about}</span>
      {`\u00a0${text}`}
    </>
  );
}
