import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * false while the server renders and while React hydrates, true afterwards: parts that need JavaScript
 * (calendar, steppers, swap) replace their no-JavaScript versions only once they can work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
