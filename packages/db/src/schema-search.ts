/**
 * Flight search, re-exported by schema.ts: the searches made per UTC day, for the console's overview. Owned by
 * apps/api/src/modules/search/, whose store.ts alone reads and writes this table (docs/architecture.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, pgTable } from 'drizzle-orm/pg-core';

/**
 * Flight searches per UTC day (docs/decisions/0014-ops-overview.md): each API process counts in memory and adds its counts here in
 * batches (apps/api/src/modules/search/search-counter.ts), so a search costs no write of its own.
 */
export const searchCounts = pgTable(
  'search_counts',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    searches: bigint('searches', { mode: 'number' }).notNull().default(0),
  },
  () => [check('search_counts_nonnegative', sql`"searches" >= 0`)],
);
