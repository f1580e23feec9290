/**
 * Tours' pictures and the inboxes on PostgreSQL (docs/after-sale.md §7): the bytes come back exactly as
 * stored (bytea through postgres.js, not only PGlite), the database itself refuses an unknown inbox status,
 * and two operators changing one request at once leave one consistent row and one audit entry per change.
 */
import { expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@parvoz/db';
import { useTestDatabase } from '../../testing/started.ts';
import { createOpsTour, readTourImage, uploadTourImage } from './ops.ts';
import { updateTourRequest } from './inbox.ts';
import { auditEntriesOf, insertAgencyApplicationRow } from '../ops/testing/ops.ts';

const database = useTestDatabase();
const now = new Date('2026-11-23T06:00:00Z');
const actor = { userId: null, email: 'command-line' } as const;

test('a picture comes back byte for byte', async () => {
  const { db } = database;
  const tour = await db.transaction((tx) =>
    createOpsTour(
      tx,
      {
        slug: 'pg-picture-tour',
        title: { en: 'PG tour', ru: null, uz: null, tr: null },
        summary: { en: null, ru: null, uz: null, tr: null },
        description: { en: null, ru: null, uz: null, tr: null },
        origin_code: 'TAS',
        destination_code: 'IST',
        country_code: 'TR',
        hotel_name: null,
        hotel_stars: null,
        board_basis: null,
        departs_on: '2026-12-20',
        nights: 3,
        price: '100.00',
        currency: 'USD',
        seats_left: 5,
        includes: [],
      },
      actor,
      now,
    ),
  );
  // Every byte value, after a JPEG's signature.
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from([...Array(256).keys()])]);
  const updated = await db.transaction((tx) =>
    uploadTourImage(tx, tour.id, bytes.toString('base64'), actor, now),
  );
  const image = await readTourImage(db, updated.image_url!.split('/').pop()!);
  expect(image?.contentType).toBe('image/jpeg');
  expect(Buffer.isBuffer(image?.bytes)).toBe(true);
  expect(image!.bytes.equals(bytes)).toBe(true);
});

/** A new tour request, written straight to the table. */
async function insertTourRequest(fullName: string, email: string) {
  const [request] = await database.db
    .insert(schema.tourRequests)
    .values({ fullName, email, phone: '+998901234567', lang: 'en' })
    .returning();
  return request!;
}

test('the database refuses the old and unknown inbox statuses', async () => {
  const { db } = database;
  const request = await insertTourRequest('A B', 'a@example.com');
  for (const status of ['contacted', 'closed', 'approved'])
    await expect(
      db
        .update(schema.tourRequests)
        .set({ status: status as 'new' })
        .where(eq(schema.tourRequests.id, request.id)),
    ).rejects.toThrow();
  await expect(
    insertAgencyApplicationRow(db, {
      companyName: 'X',
      contactName: 'Y',
      email: 'x@example.com',
      phone: '+998901234567',
      lang: 'en',
      status: 'reviewing' as 'new',
    }),
  ).rejects.toThrow();
});

test('two operators moving one request at once: each change is applied in turn and audited once', async () => {
  const { db } = database;
  const request = await insertTourRequest('C D', 'c@example.com');
  const one = { userId: null, email: 'command-line' } as const;
  const results = await Promise.all([
    db.transaction((tx) => updateTourRequest(tx, request.id, { status: 'in_progress' }, one, now)),
    db.transaction((tx) => updateTourRequest(tx, request.id, { status: 'in_progress' }, one, now)),
  ]);
  expect(results.filter((r) => r.changed)).toHaveLength(1);
  const entries = await auditEntriesOf(db, { targetId: request.id });
  expect(entries).toHaveLength(1);
  expect(entries[0]!.details).toEqual({ from: 'new', to: 'in_progress' });
});
