import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept up to date (a phone turned sideways). false on the server and while
 * React hydrates, so the server's HTML and the first client render agree; right from the first render after.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
