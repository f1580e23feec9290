import { useCallback } from 'react';
import { formatInstant, formatInstantAtOffset } from './local-time.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * How a traveller's page writes an instant (an order's creation, a refund, an airline's change): in UTC while the
 * server renders and the page hydrates (the server cannot know the visitor's zone, and hydration must find the
 * same text), then at the visitor's own offset on that day, named ("18:49 UTC+5"). The console keeps UTC, the
 * clock its operators share with suppliers (docs/operations.md).
 */
export function useInstantFormat(locale: string): (iso: string) => string {
  const local = useHydrated();
  return useCallback(
    (iso: string) =>
      local
        ? formatInstantAtOffset(locale, iso, -new Date(iso).getTimezoneOffset())
        : formatInstant(locale, iso),
    [local, locale],
  );
}
