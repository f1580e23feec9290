import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** Set once, when the page the server sent has hydrated (`markShellHydrated`). */
let shellHydrated = false;
const noSubscription = () => () => undefined;
const afterShell = () => shellHydrated;
const onServerAndHydrating = () => false;

/**
 * false while the server renders and while React hydrates, true afterwards: parts that need JavaScript
 * (calendar, steppers, swap) replace their no-JavaScript versions only once they can work.
 *
 * A part mounted after the page hydrated (a later page in the same visit) is true from its first render. The
 * parts hydrated with the page swap in one transition: a store whose browser value differs from the server's
 * (`useSyncExternalStore` alone) would make React render all of them again in one blocking task right after
 * hydrating, ~100 ms of a phone's main thread on the results page.
 */
export function useHydrated(): boolean {
  const mountedLater = useSyncExternalStore(noSubscription, afterShell, onServerAndHydrating);
  const [swapped, setSwapped] = useState(false);
  useEffect(() => {
    if (!mountedLater) startTransition(() => setSwapped(true));
    // Once, for the parts hydrated with the page.
  }, []);
  return mountedLater || swapped;
}

/** Whether the page the server sent has hydrated already: a part rendered now belongs to a later page. */
export function isShellHydrated(): boolean {
  return shellHydrated;
}

/** Called by the root once the page has hydrated (its effects run after every part's). */
export function markShellHydrated(): void {
  shellHydrated = true;
}
