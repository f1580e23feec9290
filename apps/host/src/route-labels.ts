/**
 * The route pattern of each page URL (`/:lang/flight/:search`): the label of its request metrics and part of
 * its page-cache key. React Router's `matchRoutes` flattens and ranks the whole route tree on every call
 * (~0.3 ms for the site's ~50 routes, a third of what a cached page cost), so labels are kept per path.
 */

import { keptValues } from '@parvoz/api/kept';

/** Paths whose label is kept; beyond them the oldest is forgotten (a scan of random paths costs what it did). */
export const KEPT_ROUTE_LABELS = 2_000;

/** `label`, with its answers kept for the last `max` different paths. */
export function keptRouteLabels(
  label: (pathname: string) => string,
  max = KEPT_ROUTE_LABELS,
): (pathname: string) => string {
  const kept = keptValues<string>(max);
  return (pathname) => kept(pathname, () => label(pathname));
}
