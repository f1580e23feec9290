/**
 * Migration 0030's backfill of `refund_books.supplier_returned_minor` for refunds recorded before the column
 * (docs/operations.md#reports-and-books): a refused sale returns its whole supplier cost, the built-in network the
 * same share of its cost as the traveller got back (rounded down), any other supplier's refund nothing. Run on the
 * three columns it reads, in an embedded PostgreSQL, with the statement as the migration file has it.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, test } from 'vitest';

const migration = readFileSync(new URL('../migrations/0030_supplier_returns.sql', import.meta.url), 'utf8');
const backfill = migration.split('--> statement-breakpoint').at(-1)!;
const db = new PGlite();

afterAll(async () => {
  await db.close();
});

test('refused sales return their whole cost, the built-in network its share, other suppliers nothing', async () => {
  expect(backfill).toContain('UPDATE "refund_books"');
  await db.exec(`
    CREATE TABLE order_books (order_id text PRIMARY KEY, supplier text NOT NULL, supplier_cost_minor bigint NOT NULL);
    CREATE TABLE refunds (id text PRIMARY KEY, reason text NOT NULL);
    CREATE TABLE refund_books (refund_id text PRIMARY KEY, order_id text NOT NULL, paid_minor bigint NOT NULL,
      given_back_minor bigint NOT NULL, supplier_returned_minor bigint NOT NULL DEFAULT 0);
    INSERT INTO order_books VALUES ('built-in', 'builtin', 1000), ('duffel', 'duffel', 30000),
      ('refused', 'duffel', 30000);
    INSERT INTO refunds VALUES ('r1', 'cancellation'), ('r2', 'cancellation'), ('r3', 'supplier_refused');
    INSERT INTO refund_books (refund_id, order_id, paid_minor, given_back_minor) VALUES
      ('r1', 'built-in', 1100, 600), ('r2', 'duffel', 33000, 25000), ('r3', 'refused', 33000, 33000);
  `);
  await db.exec(backfill);
  const { rows } = await db.query<{ refund_id: string; supplier_returned_minor: number }>(
    'SELECT refund_id, supplier_returned_minor::int FROM refund_books ORDER BY refund_id',
  );
  expect(rows).toEqual([
    { refund_id: 'r1', supplier_returned_minor: 545 },
    { refund_id: 'r2', supplier_returned_minor: 0 },
    { refund_id: 'r3', supplier_returned_minor: 30000 },
  ]);
});
