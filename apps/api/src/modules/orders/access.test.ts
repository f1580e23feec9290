/**
 * Order access tokens (docs/operations.md#unpaid-holds-and-order-links): links mailed before the change keep
 * working after the migration that moves their hashes to `order_access_tokens`; a resent link revokes them;
 * and no token ever reaches the log, whichever way it travels (query strings, emails logged instead of sent,
 * refused requests).
 */
import { createHash, createHmac } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate, MIGRATIONS_FOLDER, wrapPglite } from '@parvoz/db';
import { buildTestApi, startTestApi } from '../../testing/api.ts';
import { ANON, bookingBody, injectOrder, isoDay, searchOffer } from '../../testing/booking.ts';
import { askForOrderLink } from '../../testing/after-sale.ts';
import { capturedLog } from '../../testing/captured-log.ts';
import { queuedEmails } from '../mail/testing/outbox.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * An order link's token before tokens were random per order: HMAC-SHA256 of the order id under a key from
 * OFFER_SECRET.
 */
function oldStyleToken(secret: string, orderId: string): string {
  const key = createHmac('sha256', secret).update('parvoz order access token v1').digest();
  return createHmac('sha256', key).update(orderId).digest('base64url');
}

/** A copy of the migrations folder holding only the migrations before `firstLeftOut`. */
async function migrationsBefore(firstLeftOut: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'parvoz-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(firstLeftOut));
  expect(cut).toBeGreaterThan(0);
  for (const entry of journal.entries.slice(cut)) await rm(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  expect((await readdir(folder)).filter((f) => f.endsWith('.sql'))).toHaveLength(cut);
  return folder;
}

describe('links of orders made before random tokens', () => {
  test('keep working after the migration; a resent link then replaces them', async () => {
    const client = await PGlite.create();
    const handle = wrapPglite(client);
    cleanups.push(() => handle.close());
    // The database as it was: migrated up to (not including) 0003_order_access_tokens.
    await migratePglite(drizzle({ client }), {
      migrationsFolder: await migrationsBefore('0003_'),
      migrationsSchema: 'drizzle',
      migrationsTable: '__drizzle_migrations',
    });
    const secret = 'an-old-offer-secret-0123456789';
    const orderId = 'ord_madeBeforeTheChange000001';
    const token = oldStyleToken(secret, orderId);
    await handle.db.execute(sql`
      INSERT INTO orders (id, booking_reference, contact_full_name, contact_email, contact_phone, offer, price,
        total_minor, currency, access_token_hash, lang, payment_deadline)
      VALUES (${orderId}, 'KQ7XAM', 'Anna Karimova', 'anna@example.com', '+998901234567',
        '{"slices":[],"cabin_class":"economy","fare_family":"light"}'::jsonb,
        '{"total_amount":"100.00","currency":"USD","base_amount":"90.00","tax_amount":"10.00","luggage_amount":"0.00","price_breakdown":[],"services":[]}'::jsonb,
        10000, 'USD', ${createHash('sha256').update(token).digest('hex')}, 'en', now() + interval '1 day')`);

    await migrate(handle.db);
    const columns = await handle.db.execute<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'orders'`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('access_token_hash');

    // Another OFFER_SECRET now: the link does not depend on it any more.
    const app = await buildTestApi(handle.db, { offerSecret: 'a-new-offer-secret-9876543210' });
    cleanups.push(() => app.close());
    const read = (t: string) =>
      app.inject({ method: 'GET', url: `/v1/orders/${orderId}?access_token=${t}`, headers: ANON });
    const ok = await read(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.booking_reference).toBe('KQ7XAM');
    expect((await read(oldStyleToken('another-secret-0123456789', orderId))).statusCode).toBe(404);

    // "Where is my ticket": a new link is mailed and the old one stops working.
    const lookup = await askForOrderLink(app, 'KQ7XAM', 'anna@example.com');
    expect(lookup.statusCode).toBe(202);
    expect((await read(token)).statusCode).toBe(404);
    const [queued] = await queuedEmails(handle.db);
    const fresh = /access_token=([A-Za-z0-9_-]{43})/.exec(JSON.stringify(queued!.payload))?.[1];
    expect(fresh).toBeDefined();
    expect((await read(fresh!)).statusCode).toBe(200);
  }, 60_000);
});

describe('the log', () => {
  test('never carries an access token, whichever way the token travels', async () => {
    const { lines, stream } = capturedLog();
    // No mail transport: emails are written to the log instead of sent (without SMTP_URL, with their text
    // under `npm run dev` or PARVOZ_DEV_MAILBOX=1: the case where a token could reach the log).
    const { app, db, close } = await startTestApi(
      { rateLimitScale: 1000, devMailbox: true },
      { now: () => new Date(start), logStream: stream },
    );
    cleanups.push(close);
    const offer = await searchOffer(app, { date: isoDay(start, 30) });
    const booked = await injectOrder(app, bookingBody(offer), 'log-scan-booking');
    expect(booked.statusCode).toBe(201);
    const order = booked.json().data as { id: string; access_token: string; booking_reference: string };
    const tokens = [order.access_token];
    const q = `access_token=${order.access_token}`;

    expect((await app.inject({ url: `/v1/orders/${order.id}?${q}`, headers: ANON })).statusCode).toBe(200);
    expect((await app.inject({ url: `/v1/orders/${order.id}?x=1&${q}`, headers: ANON })).statusCode).toBe(
      200,
    );
    // Refused requests are logged too.
    await app.inject({ url: `/v1/orders/${order.id}?access_token[]=${order.access_token}`, headers: ANON });
    await app.inject({ url: `/v1/orders/${order.id}?access%5Ftoken=${order.access_token}`, headers: ANON });
    const started = await app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/payments?${q}`,
      headers: ANON,
      payload: {},
    });
    expect(started.statusCode).toBe(201);
    expect((await app.inject({ url: started.json().data.redirect_url })).statusCode).toBe(200);
    // "Where is my ticket": the emailed link, written to the log by the log transport.
    await askForOrderLink(app, order.booking_reference, 'anna.karimova@example.com');
    await app.outbox.runOnce();
    const [mail] = await queuedEmails(db);
    const mailed = /access_token=([A-Za-z0-9_-]{43})/.exec(JSON.stringify(mail!.payload))![1]!;
    tokens.push(mailed);
    const quote = await app.inject({
      method: 'POST',
      url: `/v1/order_cancellations?access_token=${mailed}`,
      headers: ANON,
      payload: { order_id: order.id },
    });
    expect(quote.statusCode).toBe(201);
    await app.inject({
      method: 'POST',
      url: `/v1/order_cancellations/${quote.json().data.id}/actions/confirm?access_token=${mailed}`,
      headers: ANON,
    });

    const text = lines.join('\n');
    // The scan looks at real lines: requests with their URLs and the logged email are there.
    expect(text).toContain(`/v1/orders/${order.id}?access_token=[redacted]`);
    expect(text).toContain(`email to anna.karimova@example.com`);
    expect(text).toContain('access_token=[redacted]');
    for (const token of tokens) expect(text).not.toContain(token);
  }, 60_000);
});
