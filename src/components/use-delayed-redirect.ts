import { useEffect } from 'react';

/** Replaces the location (no history entry) after `delayMs`, once `target` is known. */
export function useDelayedRedirect(target: string | null, delayMs: number): void {
  useEffect(() => {
    if (!target) return undefined;
    const timer = window.setTimeout(() => window.location.replace(target), delayMs);
    return () => window.clearTimeout(timer);
  }, [target, delayMs]);
}
