/** Dates of the UTC calendar as the API and the pages write them (YYYY-MM-DD). */
const DAY_MS = 86_400_000;

/** The UTC date `offsetDays` from `from` (today by default). */
export function isoDay(offsetDays: number, from: Date = new Date()): string {
  return new Date(from.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/** Day and month of an ISO date as a search URL writes them (`2026-12-15` → `1512`). */
export function ddmm(iso: string): string {
  return iso.slice(8, 10) + iso.slice(5, 7);
}
