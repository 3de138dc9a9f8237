import React from 'react';

/**
 * StaticImage is replaced at build time by a Babel plugin that jest does not run. This stand-in
 * renders the plain <img> the visitor would get, with the props the page passed (lazy by default,
 * as gatsby-plugin-image is).
 */
export function StaticImage({
  src,
  alt,
  width,
  height,
  loading = 'lazy',
}: {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
}) {
  return <img src={src} alt={alt} width={width} height={height} loading={loading} />;
}
