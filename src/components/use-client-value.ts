import { startTransition, useEffect, useState } from 'react';

/**
 * A value only the browser knows (the URL's query, the device, the path the 404 page is serving),
 * read once after hydration: the first render must match the HTML the build wrote, which cannot know
 * it. The update is a transition because parts of the page may still be waiting to hydrate
 * (an island, src/components/islands.tsx), and an urgent update that reaches one makes React render it again from scratch
 * (error #421).
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  const [value, setValue] = useState<T>(serverValue);
  useEffect(() => {
    startTransition(() => setValue(read()));
    // Read once, after mount: what it reads does not change while the page is open, and a caller's
    // inline function is a new one on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
