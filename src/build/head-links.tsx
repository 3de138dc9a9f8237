import React from 'react';
import { apiUrl } from '../config/env';

/** Tags every page carries: icons and manifest, and an early connection to the API for /loads. */
export function headLinks(): React.ReactElement[] {
  const apiOrigin = originOf(apiUrl());
  return [
    <link key="icon-svg" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="icon-png" rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href="/apple-touch-icon.png" />,
    <link key="manifest" rel="manifest" href="/site.webmanifest" />,
    ...(apiOrigin ? [<link key="preconnect-api" rel="preconnect" href={apiOrigin} crossOrigin="anonymous" />] : []),
  ];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
