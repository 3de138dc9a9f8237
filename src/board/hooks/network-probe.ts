import { NETWORK_PROBE_MS, ONLINE_TRY_DELAYS_MS } from '../../config/constants';

/**
 * While the board shows a copy kept for an absent network or a slow server: `refresh` on `online` (a few
 * times, as a phone's network comes back in steps) and every NETWORK_PROBE_MS, for a network that says
 * "online" and answers nothing. Returns the stop. It comes with the states' chunk (use-load-board.ts), which
 * the page fetches at the first touch and the offline worker keeps: a first visit that never goes offline
 * never fetches it.
 */
export function probeNetwork(refresh: () => void): () => void {
  const timers: number[] = [];
  const onOnline = () => {
    // A refresh that answered ends the kept copy, and with it this probe.
    for (const delay of ONLINE_TRY_DELAYS_MS) timers.push(window.setTimeout(refresh, delay));
  };
  const interval = window.setInterval(refresh, NETWORK_PROBE_MS);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('online', onOnline);
    window.clearInterval(interval);
    for (const timer of timers) window.clearTimeout(timer);
  };
}
