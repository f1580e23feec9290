import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wrapPglite } from './index.ts';

// Every type drizzle reads as text, and others it leaves to PGlite.
const VALUES = sql`SELECT
  '2026-11-29 07:00:01.5'::timestamp AS ts, '2026-11-29 07:00:01.5+05'::timestamptz AS tstz,
  '1 day 02:00'::interval AS iv, '2026-11-29'::date AS d, ARRAY[1.50, 2]::numeric[] AS nums,
  ARRAY['2026-11-29 07:00'::timestamp] AS tss, ARRAY['2026-11-29 07:00+05'::timestamptz] AS tstzs,
  ARRAY['1 hour'::interval] AS ivs, ARRAY['2026-11-29'::date] AS ds,
  12.50::numeric AS num, 7::int AS n, 9007199254740993::bigint AS big, true AS ok, '{"a":[1]}'::jsonb AS j,
  ARRAY['x','y'] AS texts, ARRAY[1,2]::int[] AS ints, NULL::timestamptz AS missing`;

// A fresh PGlite runs initdb (seconds of CPU each): in the set-up, whose time limit allows for a busy machine,
// rather than in the first test's.
let plain: PGlite;
let wrapped: PGlite;
let probed: PGlite;
beforeAll(async () => {
  [plain, wrapped, probed] = await Promise.all([PGlite.create(), PGlite.create(), PGlite.create()]);
});
afterAll(async () => {
  await plain.close();
  await wrapped.close();
});

describe("PGlite behind drizzle with the text parsers set once (drizzle's own per-query copy left out)", () => {
  test('every value reads as drizzle reads it on its own, in and out of a transaction', async () => {
    const own = drizzle({ client: plain });
    const ours = wrapPglite(wrapped).db;
    const expected = (await own.execute(VALUES)).rows;
    expect(expected[0]).toMatchObject({ ts: '2026-11-29 07:00:01.5', d: '2026-11-29', n: 7, ok: true });
    expect((await ours.execute(VALUES)).rows).toEqual(expected);
    expect(await ours.transaction(async (tx) => (await tx.execute(VALUES)).rows)).toEqual(expected);
    expect(
      await ours.transaction((tx) => tx.transaction(async (inner) => (await inner.execute(VALUES)).rows)),
    ).toEqual(expected);
  });

  test('queries reach PGlite without per-query parsers', async () => {
    const client = probed;
    const seen: (QueryOptions | undefined)[] = [];
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
    const { db, close } = wrapPglite(client);
    await db.execute(VALUES);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({ rowMode: 'object' });
    await close();
  });
});
