/**
 * Test helper for the search (unit and PostgreSQL suites): the searches stored for a day, read through the
 * module's store, for suites that check what the counter wrote (the console's overview).
 */
import type { Database } from '@parvoz/db';
import { searchesPerDay } from '../store.ts';

/** The searches stored for the UTC day `day` (`YYYY-MM-DD`); 0 before any was written. */
export async function storedSearches(db: Database, day: string): Promise<number> {
  return (await searchesPerDay(db, day, day)).get(day) ?? 0;
}
