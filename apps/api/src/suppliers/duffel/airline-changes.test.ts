/**
 * Airline-initiated changes (docs/duffel.md; modules/after-sale/airline-changes.ts) against the Duffel test server and PGlite:
 * the airline moves a booked order's flight; the supplier pass reads it from Duffel once, the order shows the
 * flights as booked and as they are now; the traveller accepts it (at Duffel, once); refusals and Duffel being
 * down change nothing; orders of the built-in network have none.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { searchEngineFor } from '../../modules/search/index.ts';
import type { Order } from '@parvoz/contracts/booking';
import { ANON, bookingBody, injectOrder } from '../../testing/booking.ts';
import { pay, readOrder, ticketText, tokenQuery, type Booked } from '../../testing/after-sale.ts';
import { syncAirlineChanges } from '../../modules/after-sale/index.ts';
import { createSupplierPaymentWorker, paySuppliers } from '../../modules/supplier-orders/index.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import { useDuffelSuite, searchDuffelOffers, duffelOrdersOn } from './testing/duffel-api-testing.ts';
import { startSmtpServer, type TestSmtpServer } from '../../adapters/mail/testing/smtp-server.ts';
import { QUIET_LOG } from '../../testing/api.ts';

const SITE = 'https://parvoz.example';
const network = searchEngineFor('parvoz').network;

/** The emails the API sends, as a real SMTP server on loopback receives them. */
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

// A function: the options name the mail server, which starts in the hook above.
const { api, token, clock, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_changes0123456789', firstDay: 20, keys: 'duffel-changes' },
  () => ({ config: { smtpUrl: smtp.url, publicUrl: SITE } }),
);
afterAll(async () => {
  await smtp?.stop();
});

afterEach(() => {
  api.server.knobs.failWith = null;
});

const duffel = () => duffelOrdersOn(api.server, token);
const sync = () =>
  syncAirlineChanges({ db: api.db, supplier: duffel(), now, log: QUIET_LOG, network, siteUrl: () => SITE });

const searchOffers = () => searchDuffelOffers(api.app, { date: nextDay() });

/** Paid by the traveller, then paid at Duffel and ticketed from its e-tickets (modules/supplier-orders/ticketing.ts). */
async function payAndTicket(order: Booked) {
  await pay(api.app, api.db, order, now());
  await paySuppliers({ db: api.db, supplier: duffel(), now, log: QUIET_LOG });
  await vi.waitFor(async () =>
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked'),
  );
}

async function bookDuffel(
  lang = 'en',
): Promise<{ order: Booked; atDuffel: (typeof api.server.orders)[number] }> {
  const offer = (await searchOffers()).find((o) => o.id.startsWith('dfl.'))!;
  const response = await injectOrder(api.app, bookingBody(offer, { lang }), nextKey());
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data as Booked;
  return { order, atDuffel: api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)! };
}

const accept = (order: Booked, changeId: string, token: string | undefined = order.access_token) =>
  api.app.inject({
    method: 'POST',
    url: `/v1/orders/${order.id}/airline_changes/${changeId}/actions/accept${tokenQuery(token)}`,
    headers: ANON,
  });
const acceptsAtDuffel = () =>
  api.server.requests.filter(
    (r) => r.method === 'POST' && r.path.startsWith('/air/airline_initiated_changes/'),
  );

describe('airline-initiated changes of a Duffel order', () => {
  test('the airline moves the flight: read once, shown with the flights as booked and as they are now', async () => {
    const { order, atDuffel } = await bookDuffel();
    await payAndTicket(order);
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toEqual([]);
    api.server.airlineChange(atDuffel.id, 95);
    expect(await sync()).toBe(1);
    const seen = await readOrder(api.app, order.id, order.access_token);
    expect(seen.airline_changes).toHaveLength(1);
    const [change] = seen.airline_changes;
    const booked = order.slices[0]!.segments[0]!;
    expect(change!.id).toMatch(/^chg_/);
    expect(change!.removed).toEqual([
      {
        carrier: 'QP',
        flight_number: '4242',
        origin: 'TAS',
        destination: 'IST',
        departing_at: booked.departing_at,
        arriving_at: booked.arriving_at,
      },
    ]);
    // 23:10 in Tashkent (+05:00) moved by 95 minutes: 00:45 the next day.
    const day = booked.departing_at.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(change!.added[0]!.departing_at).toBe(`${next}T00:45:00+05:00`);
    expect(change).toMatchObject({ acceptable: true, action_taken: null, action_taken_at: null });
    // Read again: the same change, not a second one.
    expect(await sync()).toBe(0);
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toHaveLength(1);
  });

  test('the traveller accepts it: accepted at Duffel once, shown as accepted; again is the same answer', async () => {
    const { order, atDuffel } = await bookDuffel();
    const duffelChange = api.server.airlineChange(atDuffel.id, 30);
    await sync();
    const changeId = (await readOrder(api.app, order.id, order.access_token)).airline_changes[0]!.id;
    const before = acceptsAtDuffel().length;
    // Without the order's access: no such order.
    expect((await accept(order, changeId, 'x'.repeat(43))).statusCode).toBe(404);
    const accepted = await accept(order, changeId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const shown = (accepted.json().data as Order).airline_changes[0]!;
    expect(shown).toMatchObject({ acceptable: false, action_taken: 'accepted' });
    expect(shown.action_taken_at).not.toBeNull();
    expect(duffelChange.action_taken).toBe('accepted');
    expect(acceptsAtDuffel()).toHaveLength(before + 1);
    const again = await accept(order, changeId);
    expect(again.statusCode, again.body).toBe(200);
    expect(acceptsAtDuffel()).toHaveLength(before + 1);
    // Another order's change, or none: not found.
    const other = await bookDuffel();
    expect((await accept(other.order, changeId)).statusCode).toBe(404);
    expect((await accept(order, `chg_${'A'.repeat(22)}`)).statusCode).toBe(404);
  });

  test('Duffel down: 503 and nothing changed; one Duffel will not accept: 422', async () => {
    const { order, atDuffel } = await bookDuffel();
    const duffelChange = api.server.airlineChange(atDuffel.id, -20);
    await sync();
    const changeId = (await readOrder(api.app, order.id, order.access_token)).airline_changes[0]!.id;
    api.server.knobs.failWith = 'drop';
    const down = await accept(order, changeId);
    api.server.knobs.failWith = null;
    expect(down.statusCode, down.body).toBe(503);
    expect(duffelChange.action_taken).toBeNull();
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes[0]).toMatchObject({
      acceptable: true,
      action_taken: null,
    });
    // Duffel stops offering `accept` (e.g. handled with the airline) before we knew: refused, then read as such.
    duffelChange.available_actions = ['update'];
    const refused = await accept(order, changeId);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.details).toMatchObject({ reason: 'not_acceptable' });
    clock.at += 60_000;
    await sync();
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes[0]!.acceptable).toBe(
      false,
    );
    expect((await accept(order, changeId)).statusCode).toBe(422);
  });

  test('Duffel unreachable while reading changes: nothing kept, read on a later run; the worker reads them', async () => {
    const { order, atDuffel } = await bookDuffel();
    api.server.airlineChange(atDuffel.id, 45);
    api.server.knobs.failWith = 503;
    expect(await sync()).toBe(0);
    api.server.knobs.failWith = null;
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toEqual([]);
    const worker = createSupplierPaymentWorker({
      db: api.db,
      supplier: duffel(),
      now,
      log: QUIET_LOG,
      network,
      siteUrl: () => SITE,
      reconcileEveryMs: 1,
    });
    await worker.runOnce();
    await worker.stop();
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toHaveLength(1);
  });

  test('an order of the built-in network has no airline changes', async () => {
    const offer = (await searchOffers()).find((o) => !o.id.startsWith('dfl.'))!;
    const response = await injectOrder(api.app, bookingBody(offer), nextKey());
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json().data as Order).airline_changes).toEqual([]);
  });
});

describe('an accepted change becomes the itinerary', () => {
  const ticketNumbers = (order: Order) => order.passengers.flatMap((p) => p.tickets);

  test('accepted by the traveller: the order, its tickets and the e-ticket show the new flight, once', async () => {
    const { order, atDuffel } = await bookDuffel();
    await payAndTicket(order);
    const paid = await readOrder(api.app, order.id, order.access_token);
    const booked = paid.slices[0]!.segments[0]!;
    api.server.airlineChange(atDuffel.id, 95);
    await sync();
    // Read but not accepted: the itinerary stays as booked.
    const open = await readOrder(api.app, order.id, order.access_token);
    expect(open.slices).toEqual(paid.slices);
    expect(open.airline_changes[0]!.applied_at).toBeNull();
    const changeId = open.airline_changes[0]!.id;
    const accepted = await accept(order, changeId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const now95 = accepted.json().data as Order;
    const moved = now95.slices[0]!.segments[0]!;
    const next = new Date(Date.parse(`${booked.departing_at.slice(0, 10)}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    // 23:10 in Tashkent moved by 95 minutes: 00:45 the next day; arrival moved alike, offsets kept.
    expect(moved).toMatchObject({
      flight_key: `QP4242-${next}`,
      departing_at: `${next}T00:45:00+05:00`,
      arriving_at: `${next}T04:05:00+03:00`,
      duration: booked.duration,
      marketing_carrier: booked.marketing_carrier,
      flight_number: '4242',
      cabin_class: booked.cabin_class,
    });
    expect(now95.slices[0]).toMatchObject({
      departing_at: moved.departing_at,
      arriving_at: moved.arriving_at,
      transfers: 0,
    });
    // What was booked stays on the change; the ticket number stays, now on the new flight.
    const [change] = now95.airline_changes;
    expect(change!.removed[0]!.departing_at).toBe(booked.departing_at);
    expect(change!.applied_at).not.toBeNull();
    expect(ticketNumbers(now95)).toEqual(
      ticketNumbers(paid).map((t) => ({ ...t, flight_key: moved.flight_key })),
    );
    // The e-ticket lists the new departure (Russian: "Вылет: <date> 00:45").
    const text = await ticketText(api.app, order, 'ru');
    expect(text).toContain('00:45');
    expect(text).not.toContain('23:10');
    // Again (the traveller, then the supplier pass reading it accepted at Duffel): nothing moves twice.
    expect((await accept(order, changeId)).statusCode).toBe(200);
    clock.at += 60_000;
    await sync();
    const later = await readOrder(api.app, order.id, order.access_token);
    expect(later.slices).toEqual(now95.slices);
    expect(later.airline_changes[0]!.applied_at).toBe(change!.applied_at);
    expect(ticketNumbers(later)).toEqual(ticketNumbers(now95));
    // Another traveller (no access to this order) still gets 404.
    const other = await bookDuffel();
    const foreign = await api.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.id}${tokenQuery(other.order.access_token)}`,
      headers: ANON,
    });
    expect(foreign.statusCode).toBe(404);
  });

  test('accepted at Duffel on its own (auto-accepted): the supplier pass rewrites the itinerary once', async () => {
    const { order, atDuffel } = await bookDuffel();
    await payAndTicket(order);
    const change = api.server.airlineChange(atDuffel.id, -20);
    Object.assign(change, {
      action_taken: 'accepted',
      action_taken_at: now().toISOString(),
      available_actions: [],
    });
    const before = acceptsAtDuffel().length;
    expect(await sync()).toBe(1);
    const seen = await readOrder(api.app, order.id, order.access_token);
    // 23:10 moved 20 minutes earlier: 22:50 the same day.
    expect(seen.slices[0]!.segments[0]!.departing_at).toBe(
      `${order.slices[0]!.segments[0]!.departing_at.slice(0, 10)}T22:50:00+05:00`,
    );
    expect(seen.airline_changes[0]).toMatchObject({ acceptable: false, action_taken: 'accepted' });
    expect(acceptsAtDuffel()).toHaveLength(before);
    clock.at += 60_000;
    await sync();
    expect((await readOrder(api.app, order.id, order.access_token)).slices).toEqual(seen.slices);
  });

  test('a later change made on top of an open one: accepting it carries the earlier one into the itinerary', async () => {
    const { order, atDuffel } = await bookDuffel();
    await payAndTicket(order);
    api.server.airlineChange(atDuffel.id, 95);
    clock.at += 60_000;
    api.server.airlineChange(atDuffel.id, 30);
    await sync();
    const seen = await readOrder(api.app, order.id, order.access_token);
    expect(seen.airline_changes).toHaveLength(2);
    // The second change's flights as booked are the first one's new flights.
    expect(seen.airline_changes[1]!.removed).toEqual(seen.airline_changes[0]!.added);
    const accepted = await accept(order, seen.airline_changes[1]!.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = accepted.json().data as Order;
    // 23:10 + 95 + 30 minutes: 01:15 the next day.
    expect(after.slices[0]!.segments[0]!.departing_at).toBe(seen.airline_changes[1]!.added[0]!.departing_at);
    expect(after.slices[0]!.segments[0]!.departing_at).toMatch(/T01:15:00\+05:00$/);
    expect(after.airline_changes.map((c) => c.applied_at !== null)).toEqual([true, true]);
    // The earlier one is settled with it: no longer offered to accept on its own.
    expect(after.airline_changes[0]!.acceptable).toBe(false);
    expect(after.passengers[0]!.tickets).toHaveLength(1);
  });

  test('the traveller is emailed once per change, in the order language, with both schedules and the site link', async () => {
    const { order, atDuffel } = await bookDuffel('uz');
    await payAndTicket(order);
    await api.app.outbox.runOnce();
    const sentBefore = smtp.received.length;
    api.server.airlineChange(atDuffel.id, 95);
    await sync();
    await sync();
    await api.app.outbox.runOnce();
    const mails = smtp.received.slice(sentBefore).filter((m) => /oʻzgartirdi/.test(m.subject));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Aviakompaniya reyslaringizni oʻzgartirdi: bron ${order.booking_reference}`);
    expect(mail!.to).toEqual(['anna.karimova@example.com']);
    const text = mail!.text;
    // Both schedules: booked at 23:10, now at 00:45, and the order page on the configured site.
    expect(text).toContain('QP 4242');
    expect(text).toContain('23:10');
    expect(text).toContain('00:45');
    expect(text).toMatch(new RegExp(`${SITE}/uz/orders/${order.id}\\?access_token=`));
    expect(mail!.html).toContain('Buyurtmani ochish');
    // A second change of the same order is a second email.
    api.server.airlineChange(atDuffel.id, 30);
    clock.at += 60_000;
    await sync();
    await api.app.outbox.runOnce();
    expect(smtp.received.slice(sentBefore).filter((m) => /oʻzgartirdi/.test(m.subject))).toHaveLength(2);
  });
});
