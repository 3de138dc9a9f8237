import React from 'react';

/**
 * Inline SVG icons: no icon font, no library. Decorative unless given a title. Split by where they are
 * used (here: the header's; contact-icons.tsx, store-icons.tsx, feature-icons.tsx, ui-icons.tsx), because
 * a module ships whole to every page that uses any of it: the footer's icons stay out of the first
 * script, since the footer is static HTML there (footer-part.ts).
 */
export interface IconProps {
  size?: number;
  title?: string;
}

export function Svg({ size = 24, title, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const TruckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2 5.5A1.5 1.5 0 0 1 3.5 4h10A1.5 1.5 0 0 1 15 5.5V8h3.2a1.5 1.5 0 0 1 1.2.6l2.3 3.1c.2.3.3.6.3.9v3.9a1.5 1.5 0 0 1-1.5 1.5h-.7a2.8 2.8 0 0 1-5.6 0H9.8a2.8 2.8 0 0 1-5.6 0h-.7A1.5 1.5 0 0 1 2 16.5v-11Zm13 4.5v3h5l-2.2-3H15ZM7 16.8a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Zm10 0a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Z" />
  </Svg>
);
