import { useEffect } from 'react';
import { handOver } from './hand-over';

/** Replaces the location (no history entry) after `delayMs`, once `target` is known. */
export function useDelayedRedirect(target: string | null, delayMs: number): void {
  useEffect(() => {
    if (!target) return undefined;
    const timer = window.setTimeout(() => handOver(target), delayMs);
    return () => window.clearTimeout(timer);
  }, [target, delayMs]);
}
