import { useDeferredValue, useSyncExternalStore } from 'react';
import { OWN_ADDRESS_EVENT } from '../own-address';

function followAddress(onChange: () => void): () => void {
  window.addEventListener(OWN_ADDRESS_EVENT, onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener(OWN_ADDRESS_EVENT, onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/**
 * The address's query as it is now, for a city or route page whose list changes its address itself
 * (board/own-address.ts): its own changes, Gatsby's navigations, and Back and Forward at once, before Gatsby
 * has asked the host for the page's data under that query. `given` is the router's query (the server's
 * answer). Deferred, as Gatsby's navigation is a transition: a list that needs code it has not fetched yet
 * (the cards' chunk, board-cards-lazy.ts) keeps the list on screen until it is there, where the store's
 * urgent update alone would show the boundary's empty fallback for a moment.
 */
export function useAddressSearch(given: string): string {
  const address = useSyncExternalStore(
    followAddress,
    () => window.location.search,
    () => given,
  );
  return useDeferredValue(address);
}
