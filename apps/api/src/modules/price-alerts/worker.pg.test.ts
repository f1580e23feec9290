/**
 * On real PostgreSQL: several price-alert workers (as on several instances, each with its own pool and
 * flight service) run at once over the same due alerts, and every drop is emailed exactly once; a later
 * pass at the same prices emails nothing.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, schema, type DatabaseHandle } from '@parvoz/db';
import { createTestDatabase, type TestDatabase } from '@parvoz/db/testing';
import { apiConfigSchema, type ApiConfig } from '../../config.ts';
import { TEST_ANONYMOUS_TOKEN, TEST_OFFER_SECRET, TEST_PAYMENT_WEBHOOK_SECRET } from '../../testing/api.ts';
import type { FlightSupplier } from '@parvoz/core/supplier';
import { createFlightService, type FlightService } from '../search/index.ts';
import { createPriceAlertWorker } from './worker.ts';
import { lowestPriceNow } from './service.ts';
import { countEmails, queuedEmails } from '../mail/testing/outbox.ts';

const INTERVAL_S = 3600;
const SEARCHES = 6;
const ALERTS_PER_SEARCH = 5;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);
const config = apiConfigSchema.parse({
  anonymousToken: TEST_ANONYMOUS_TOKEN,
  offerSecret: TEST_OFFER_SECRET,
  paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
  publicUrl: 'https://parvoz.example',
  priceAlertIntervalSeconds: INTERVAL_S,
}) as ApiConfig;

let database: TestDatabase;
let instances: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  instances = await Promise.all([1, 2, 3].map(() => createDatabase({ url: database.url!, poolSize: 2 })));
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  await database?.close();
});

const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * An active one-adult economy alert from TAS to IST `offset` days on, whose traveller last saw a price 20 % above
 * today's lowest: it has dropped.
 */
async function droppedAlert(offset: number, email: string) {
  const search = {
    origin: 'TAS',
    destination: 'IST',
    departureDate: day(offset),
    returnDate: null,
    departureUntil: null,
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'economy' as const,
  };
  const flights = createFlightService(database.db, config, now);
  const priced = await lowestPriceNow(flights, search, 'USD', now(), 'en');
  if (!priced.ok || priced.price === null) throw new Error('no price');
  return {
    email,
    lang: 'en',
    currency: 'USD',
    origin: search.origin,
    destination: search.destination,
    departureDate: search.departureDate,
    adults: 1,
    cabin: 'economy',
    status: 'active',
    referencePriceMinor: Math.round(priced.price * 1.2),
    nextCheckAt: now(),
  } as const;
}

test('three workers at once email each price drop exactly once', async () => {
  for (let s = 0; s < SEARCHES; s++) {
    for (let a = 0; a < ALERTS_PER_SEARCH; a++) {
      await database.db.insert(schema.priceAlerts).values({
        ...(await droppedAlert(30 + s, `watcher-${s}-${a}@example.com`)),
        createdAt: now(),
        confirmedAt: now(),
      });
    }
  }
  const total = SEARCHES * ALERTS_PER_SEARCH;
  const kicks: number[] = [];
  const workers = instances.map((instance, i) =>
    createPriceAlertWorker({
      db: instance.db,
      flights: createFlightService(instance.db, config, now),
      now,
      log: { warn: () => undefined, error: () => undefined },
      config,
      linkOrigin: () => config.publicUrl!,
      kickOutbox: () => void kicks.push(i),
    }),
  );

  const passes = await Promise.all(workers.map((w) => w.runOnce()));
  expect(passes.reduce((sum, p) => sum + p.checked, 0)).toBe(total);
  expect(passes.reduce((sum, p) => sum + p.emailed, 0)).toBe(total);
  const perAddress = new Map<string | null, number>();
  for (const email of await queuedEmails(database.db, { kind: 'price-alert-drop' }))
    perAddress.set(email.toAddress, (perAddress.get(email.toAddress) ?? 0) + 1);
  expect(perAddress.size).toBe(total);
  expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
  // Each email carries an unsubscribe link of its own.
  const tokens = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM price_alert_tokens WHERE purpose = 'unsubscribe'`,
  );
  expect(tokens.rows[0]!.n).toBe(total);

  // The next round, at the same prices: every alert is checked once more, none emailed.
  clock += INTERVAL_S * 1000;
  const again = await Promise.all(workers.map((w) => w.runOnce()));
  expect(again.reduce((sum, p) => sum + p.checked, 0)).toBe(total);
  expect(again.reduce((sum, p) => sum + p.emailed, 0)).toBe(0);
  expect(await countEmails(database.db, { kind: 'price-alert-drop' })).toBe(total);
});

test('a worker whose lease ran out writes and sends nothing: the alert is the other worker’s', async () => {
  const [a, b] = instances;
  const dropped = await droppedAlert(45, 'slow-worker@example.com');
  await database.db.execute(sql`UPDATE price_alerts SET status = 'expired'`);
  const [alert] = await database.db.insert(schema.priceAlerts).values(dropped).returning();

  // Worker A's search is slow: it claims the alert, and while it searches, its lease runs out and worker B
  // (a minute later than the lease) claims and emails. A's late result must change nothing.
  let releaseA!: () => void;
  const aSearching = new Promise<void>((resolve) => (releaseA = resolve));
  let aClaimed!: () => void;
  const claimedByA = new Promise<void>((resolve) => (aClaimed = resolve));
  // A supplier that answers only when the test lets it (a slow outside supplier behind the same interface).
  const real = createFlightService(a!.db, config, now);
  const slowSupplier: FlightSupplier = {
    ...real.supplier,
    search: async (request, ctx) => {
      aClaimed();
      await aSearching;
      return real.supplier.search(request, ctx);
    },
  };
  const slowFlights: FlightService = { ...real, supplier: slowSupplier };
  const log = { warn: () => undefined, error: () => undefined };
  const worker = (db: typeof a, fl: FlightService, clockAt: () => Date) =>
    createPriceAlertWorker({
      db: db!.db,
      flights: fl,
      now: clockAt,
      log,
      config,
      linkOrigin: () => config.publicUrl!,
      kickOutbox: () => undefined,
    });
  const passA = worker(a, slowFlights, now).runOnce();
  await claimedByA;
  const later = new Date(clock + 6 * 60_000);
  const passB = await worker(
    b,
    createFlightService(b!.db, config, () => later),
    () => later,
  ).runOnce();
  expect(passB).toEqual({ checked: 1, emailed: 1 });
  releaseA();
  expect(await passA).toEqual({ checked: 1, emailed: 0 });

  expect(await countEmails(database.db, { toAddress: 'slow-worker@example.com' })).toBe(1);
  const [row] = await database.db
    .execute<{ claims: number; next_check_at: Date }>(
      sql`SELECT claims, next_check_at FROM price_alerts WHERE id = ${alert!.id}`,
    )
    .then((r) => r.rows);
  expect(row!.claims).toBe(2);
  // B's schedule stands: the next check is an interval after B's, not after A's.
  expect(new Date(row!.next_check_at).getTime()).toBe(later.getTime() + INTERVAL_S * 1000);
});
