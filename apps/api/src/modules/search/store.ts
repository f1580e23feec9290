/**
 * The search's table (`search_counts`, packages/db/src/schema-search.ts): the only file that reads or writes it
 * (docs/architecture.md, "Modules own their tables"). Every function takes the database or the transaction it
 * runs in.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@parvoz/db';

/** Adds searches to their UTC days (`YYYY-MM-DD` → searches) in one upsert: concurrent writers add up. */
export async function addSearchCounts(db: Database, perDay: ReadonlyMap<string, number>): Promise<void> {
  if (perDay.size === 0) return;
  const rows = [...perDay].map(([day, n]) => sql`(${day}::date, ${n})`);
  await db.execute(sql`
    INSERT INTO search_counts (day, searches) VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT (day) DO UPDATE SET searches = search_counts.searches + excluded.searches`);
}

/** The searches stored per UTC day from `from` to `to` (both `YYYY-MM-DD`, inclusive); days without any left out. */
export async function searchesPerDay(db: Database, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ day: string; n: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, searches AS n FROM search_counts
    WHERE day BETWEEN ${from}::date AND ${to}::date`);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}
