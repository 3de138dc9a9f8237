import React from 'react';

/**
 * The parts of gatsby-plugin-image's `gatsbyImageData` this site renders. Images are processed by
 * Gatsby's sharp pipeline (sizes, WebP, width and height) through the page query; rendering them here
 * instead of with <GatsbyImage> keeps its hydration runtime (about 21 KB gzip, react-dom/server among
 * it) off the page.
 */
export interface ImageData {
  width: number;
  height: number;
  images: {
    fallback?: { src: string; srcSet?: string; sizes?: string };
    sources?: { srcSet: string; type: string; sizes?: string }[];
  };
}

export interface ImageQueryResult {
  childImageSharp?: { gatsbyImageData?: ImageData } | null;
}

export function imageData(result: ImageQueryResult | null | undefined): ImageData | null {
  return result?.childImageSharp?.gatsbyImageData ?? null;
}

interface Props {
  image: ImageData | null;
  alt: string;
  /** The largest paint above the fold: load it at once and first. Anything else waits until near view. */
  priority?: boolean;
  className?: string;
}

export function ResponsiveImage({ image, alt, priority = false, className }: Props) {
  if (!image?.images.fallback) return null;
  const { fallback, sources = [] } = image.images;
  // React 18 passes lowercase attributes it does not know through as they are.
  const fetchPriority = priority ? { fetchpriority: 'high' } : {};
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback.src}
        srcSet={fallback.srcSet}
        sizes={fallback.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        style={{ display: 'block', width: '100%', height: 'auto', maxWidth: image.width }}
        {...fetchPriority}
      />
    </picture>
  );
}
