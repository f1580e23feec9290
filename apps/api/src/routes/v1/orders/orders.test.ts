/**
 * POST /v1/orders and friends through HTTP (inject, PGlite): validation (every rule fails and passes),
 * re-pricing, seats held with the order, idempotency, access to an order, "where is my ticket", expiry.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { holdSeats, idempotency } from '@parvoz/db';
import type { Offer } from '@parvoz/core/search-types';
import { MANY_ORDERS, useTestApi, memoryMailTransport } from '../../../testing/api.ts';
import type { OutgoingEmail } from '../../../adapters/mail/transport.ts';
import {
  ANON,
  bookingBody,
  type BookingBody,
  isoDay,
  lastFlightDate,
  searchOffer,
  yearsBefore,
} from '../../../testing/booking.ts';
import { askForOrderLink, signInByEmail } from '../../../testing/after-sale.ts';
import { expireUnpaidOrders } from '../../../modules/orders/index.ts';
import { accessTokensOf } from '../../../modules/orders/testing/orders.ts';
import { countOrders, holdsOf, orderOf, seatCounts } from '../../../modules/orders/testing/fixtures.ts';
import { orderRequestHash } from '../../../modules/booking/index.ts';
import { BOOKING_ERROR_KEYS, createOrderRequestSchema, orderSchema } from '@parvoz/contracts/booking';
import { MESSAGES } from '@parvoz/i18n/messages';
import { searchEngineFor } from '../../../modules/search/index.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const inbox: OutgoingEmail[] = [];
const memoryTransport = memoryMailTransport(inbox);

let family: Offer; // 2 adults, 1 child, 1 infant, one way, day 30
let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

const api = useTestApi(
  { ...MANY_ORDERS, offerTtlSeconds: 1200 },
  { now: () => new Date(clock), mailTransport: memoryTransport },
);

beforeAll(async () => {
  family = await searchOffer(api.app, { date: isoDay(start, 30), adults: 2, children: 1, infants: 1 });
}, 60_000);

async function book(body: unknown, key: string | null = newKey(), headers: Record<string, string> = ANON) {
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json() };
}

type Refusal = { error: { code: string; details: { path: string; message: string }[] } };
const paths = (body: Refusal) => body.error.details.map((d) => `${d.path} ${d.message}`);

describe('POST /v1/orders: a valid booking', () => {
  test('creates a new, unpaid order with a 6-character reference, an access token and the seats held', async () => {
    const { status, body } = await book(bookingBody(family, { expected_total: family.total_amount }));
    expect(status).toBe(201);
    const order = body.data;
    expect(order.id).toMatch(/^ord_[A-Za-z0-9_-]{24}$/);
    expect(order.booking_reference).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    expect(order).toMatchObject({
      booking_status: 'new',
      payment_status: 'not_paid',
      payable: true,
      total_amount: family.total_amount,
      total_currency: family.total_currency,
      lang: 'en',
      contact: { full_name: 'Anna Karimova', email: 'anna.karimova@example.com', phone: '+998901234567' },
    });
    expect(order.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(orderSchema.parse(order)).toEqual(order);
    expect(Date.parse(order.payment_deadline) - clock).toBe(20 * 60_000);
    expect(order.passengers.map((p: { type: string }) => p.type)).toEqual([
      'adult',
      'adult',
      'child',
      'infant',
    ]);
    expect(order.passengers[0].family_name).toBe("Karimova-O'Neil");
    expect(order.passengers[0].tickets).toEqual([]);
    expect(order.slices).toEqual(family.slices);
    // Seats: 3 seated passengers on every flight, held for this order.
    const holds = await holdsOf(api.db, order.id);
    expect(holds.map((h) => h.seats)).toEqual(family.slices.flatMap((s) => s.segments.map(() => 3)));
    // The access token is random and only its SHA-256 is kept.
    const tokens = await accessTokensOf(api.db, order.id);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]!.tokenHash).toBe(createHash('sha256').update(order.access_token).digest('hex'));
    expect(tokens[0]!.revokedAt).toBeNull();
  });

  test('luggage is added to the price of its passenger type', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 31), adults: 1, children: 1 });
    const bag = offer.available_services[0]!;
    const body = bookingBody(offer, {
      services: [
        { id: bag.id, passenger_index: 0 },
        { id: bag.id, passenger_index: 1 },
      ],
      expected_total: (Number(offer.total_amount) + 2 * Number(bag.amount)).toFixed(2),
    });
    const { status, body: answer } = await book(body);
    expect(status).toBe(201);
    expect(answer.data.luggage_amount).toBe((2 * Number(bag.amount)).toFixed(2));
    expect(answer.data.passengers[0].services).toEqual([
      { id: bag.id, slice_index: 0, weight_kg: 23, amount: bag.amount },
    ]);
  });
});

test('every error key of the contract (the rules’ keys among them) is a message in every language', () => {
  for (const locale of ['en', 'ru', 'uz', 'tr'] as const) {
    for (const key of BOOKING_ERROR_KEYS) expect(MESSAGES[locale], `${locale} ${key}`).toHaveProperty([key]);
  }
});

describe('POST /v1/orders: every validation rule fails and passes', () => {
  type Case = [name: string, change: (body: BookingBody) => void, error: string | null];
  const p0 = (b: BookingBody) => b.passengers[0]!;
  /**
   * A case that sets one field of the first passenger (`document/number`: a field of its document) to `value`;
   * `error` is the message key the rule answers with at that field, or null where the value is accepted.
   */
  const onPassenger = (name: string, field: string, value: string, error: string | null): Case => [
    name,
    (b) => {
      const [key, inner] = field.split('/') as [string, string?];
      const passenger = p0(b) as unknown as Record<string, Record<string, unknown>>;
      if (inner) passenger[key]![inner] = value;
      else (passenger as Record<string, unknown>)[key] = value;
    },
    error && `/passengers/0/${field} booking.error.${error}`,
  ];
  const cases: Case[] = [
    ['full name empty', (b) => (b.contact.full_name = '  '), '/contact/full_name booking.error.fullName'],
    ['full name with spaces', (b) => (b.contact.full_name = ' Anna  Karimova '), null],
    [
      'full name with a lone surrogate',
      (b) => (b.contact.full_name = 'Anna \ud800'),
      '/contact/full_name booking.error.fullName',
    ],
    ['full name in Cyrillic', (b) => (b.contact.full_name = 'Анна Каримова'), null],
    ['email not an address', (b) => (b.contact.email = 'anna@'), '/contact/email booking.error.email'],
    ['phone not valid', (b) => (b.contact.phone = '+998 12'), '/contact/phone booking.error.phone'],
    ['phone without country', (b) => (b.contact.phone = '901234567'), '/contact/phone booking.error.phone'],
    ['phone of Turkey', (b) => (b.contact.phone = '+90 532 123 45 67'), null],
    onPassenger('given name in Cyrillic', 'given_name', 'Анна', 'givenName'),
    onPassenger('given name with a digit', 'given_name', 'Anna2', 'givenName'),
    onPassenger('given name with ʻ and a space', 'given_name', 'Oʻgʻiloy Mary', null),
    onPassenger('family name empty', 'family_name', '', 'familyName'),
    onPassenger('family name with a dot', 'family_name', 'St. John', 'familyName'),
    onPassenger('family name with a hyphen', 'family_name', 'Smith-Jones', null),
    onPassenger('born on 30 February', 'born_on', '1990-02-30', 'bornOn'),
    onPassenger('gender other', 'gender', 'x', 'gender'),
    onPassenger('citizenship unknown', 'citizenship', 'XX', 'citizenship'),
    onPassenger('citizenship lower case', 'citizenship', 'tr', null),
    onPassenger('document number short', 'document/number', 'A12', 'documentNumber'),
    onPassenger('document expiry not a date', 'document/expires_on', '2036-13-01', 'documentExpiresOn'),
    onPassenger('passenger type unknown', 'type', 'senior', 'passengerType'),
    [
      'agreement not given',
      (b) => ((b as { agreement: unknown }).agreement = false),
      '/agreement booking.error.agreement',
    ],
    [
      'service id malformed',
      (b) => (b.services = [{ id: 'bag', passenger_index: 0 }] as never),
      '/services/0/id booking.error.service',
    ],
    ['offer id empty', (b) => (b.offer_id = ''), '/offer_id booking.error.offer'],
    [
      'offer id forged',
      (b) => (b.offer_id = `${b.offer_id.slice(0, -4)}AAAA`),
      '/offer_id booking.error.offer',
    ],
  ];
  /**
   * Books the family's offer changed by `change`: accepted where `error` is null, else refused naming `error`
   * among its details, and `refused` checks the rest of the refusal.
   */
  async function expectOutcome(change: Case[1], error: string | null, refused: (answer: Refusal) => void) {
    const body = bookingBody(family);
    change(body);
    const { status, body: answer } = await book(body);
    if (error === null) return expect(status, JSON.stringify(answer)).toBe(201);
    expect(status).toBe(400);
    expect(paths(answer)).toContain(error);
    refused(answer);
  }
  test.each(cases)('%s', (_name, change, error) =>
    expectOutcome(change, error, (answer) => expect(answer.error.code).toBe('validation_failed')),
  );

  const rules: Case[] = [
    [
      'adult turning 12 after the last flight',
      (b) => (p0(b).born_on = yearsBefore(lastFlightDate(family), 12, 1)),
      '/passengers/0/born_on booking.error.bornOnAdult',
    ],
    [
      'adult 12 on the day of the last flight',
      (b) => (p0(b).born_on = yearsBefore(lastFlightDate(family), 12)),
      null,
    ],
    [
      'child already 12 on the last flight',
      (b) => (b.passengers[2]!.born_on = yearsBefore(lastFlightDate(family), 12)),
      '/passengers/2/born_on booking.error.bornOnChild',
    ],
    [
      'child not yet 2 on the last flight',
      (b) => (b.passengers[2]!.born_on = yearsBefore(lastFlightDate(family), 2, 1)),
      '/passengers/2/born_on booking.error.bornOnChild',
    ],
    [
      'child 2 on the last flight',
      (b) => (b.passengers[2]!.born_on = yearsBefore(lastFlightDate(family), 2)),
      null,
    ],
    [
      'infant turning 2 by the last flight',
      (b) => (b.passengers[3]!.born_on = yearsBefore(lastFlightDate(family), 2)),
      '/passengers/3/born_on booking.error.bornOnInfant',
    ],
    [
      'infant born in the future',
      (b) => (b.passengers[3]!.born_on = isoDay(start, 2)),
      '/passengers/3/born_on booking.error.bornOnFuture',
    ],
    ['infant born today', (b) => (b.passengers[3]!.born_on = isoDay(start, 0)), null],
    [
      'document expiring at the end of the trip',
      (b) => (p0(b).document.expires_on = family.slices.at(-1)!.segments.at(-1)!.arriving_at.slice(0, 10)),
      '/passengers/0/document/expires_on booking.error.documentExpired',
    ],
    [
      'document valid one day past the trip',
      (b) =>
        (p0(b).document.expires_on = isoDay(
          Date.parse(family.slices.at(-1)!.segments.at(-1)!.arriving_at.slice(0, 10)),
          1,
        )),
      null,
    ],
    [
      'more infants than adults',
      (b) => (
        ((b.passengers[1] as { type: string }).type = 'infant'),
        (b.passengers[1]!.born_on = yearsBefore(lastFlightDate(family), 1))
      ),
      '/passengers booking.error.tooManyInfants',
    ],
    [
      'passengers unlike the offer',
      (b) => b.passengers.splice(2, 1),
      '/passengers booking.error.passengersMismatch',
    ],
    [
      'luggage that is not in the offer',
      (b) => (b.services = [{ id: 'lug_7', passenger_index: 0 }] as never),
      '/services/0/id booking.error.serviceUnknown',
    ],
    [
      'luggage for an infant',
      (b) => (b.services = [{ id: 'lug_0', passenger_index: 3 }] as never),
      '/services/0/passenger_index booking.error.serviceNotForPassenger',
    ],
    [
      'luggage twice for one passenger',
      (b) =>
        (b.services = [
          { id: 'lug_0', passenger_index: 0 },
          { id: 'lug_0', passenger_index: 0 },
        ] as never),
      '/services/1 booking.error.serviceDuplicate',
    ],
  ];
  test.each(rules)('%s', (_name, change, error) =>
    expectOutcome(change, error, (answer) =>
      expect(answer.error.details.find((d) => d.path === error!.split(' ')[0])).toBeDefined(),
    ),
  );

  test('no adult, and more than 9 seated passengers, are refused', async () => {
    const body = bookingBody(family);
    body.passengers = body.passengers.slice(2, 3);
    expect(paths((await book(body)).body)).toContain('/passengers booking.error.noAdult');
    const ten = bookingBody(family);
    ten.passengers = Array.from({ length: 10 }, () => ({ ...ten.passengers[0]! }));
    expect(paths((await book(ten)).body)).toContain('/passengers booking.error.tooManySeated');
  });

  test('a field error carries the date the rule used, and no bad input gives a 500', async () => {
    const body = bookingBody(family);
    body.passengers[0]!.born_on = isoDay(start, -365);
    const { body: answer } = await book(body);
    const detail = answer.error.details.find((d: { path: string }) => d.path === '/passengers/0/born_on');
    expect(detail).toMatchObject({
      message: 'booking.error.bornOnAdult',
      values: { date: lastFlightDate(family) },
    });
    const junk: unknown[] = [
      null,
      [],
      'x',
      { passengers: 'x' },
      { ...bookingBody(family), passengers: [{}] },
      { ...bookingBody(family), contact: 7 },
    ];
    for (const payload of junk) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { ...ANON, 'idempotency-key': newKey(), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('POST /v1/orders: re-pricing and seats', () => {
  test('a changed price is a 422 with the old and new totals; sending the new total books', async () => {
    const body = bookingBody(family, { expected_total: '1.00' });
    const { status, body: answer } = await book(body);
    expect(status).toBe(422);
    const now = (
      await api.app.inject({ method: 'GET', url: `/v1/offers/${family.id}`, headers: ANON })
    ).json().data;
    expect(answer.error).toMatchObject({
      code: 'unprocessable',
      details: {
        reason: 'price_changed',
        old_total: '1.00',
        new_total: now.total_amount,
        currency: family.total_currency,
      },
    });
    expect((await book({ ...body, expected_total: answer.error.details.new_total })).status).toBe(201);
  });

  test('an expired offer is a 410 with the spec message', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 32) });
    clock += 21 * 60_000;
    try {
      const { status, body } = await book(bookingBody(offer));
      expect(status).toBe(410);
      expect(body.error).toMatchObject({
        code: 'offer_expired',
        message: 'Too much time has passed, the ticket has expired. Please try again',
      });
    } finally {
      clock -= 21 * 60_000;
    }
  });

  test('a sold-out flight is a 422 offer_unavailable (never retried) and records nothing', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 33), adults: 2 });
    const segment = offer.slices[0]!.segments[0]!;
    const schedule = searchEngineFor('parvoz').schedule;
    const capacity = schedule.capacity(schedule.resolveKey(segment.flight_key)!.slot, 'economy');
    await holdSeats(api.db, [
      { flightKey: segment.flight_key, cabin: 'economy', seats: capacity - 1, capacity },
    ]);
    const before = await countOrders(api.db);
    const { status, body } = await book(bookingBody(offer));
    expect(status).toBe(422);
    expect(body.error.code).toBe('offer_unavailable');
    expect(await countOrders(api.db)).toBe(before);
  });
});

describe('POST /v1/orders: Idempotency-Key', () => {
  test('is required', async () => {
    const { status, body } = await book(bookingBody(family), null);
    expect(status).toBe(400);
    expect(body.error.details[0].path).toBe('/idempotency-key');
  });

  test('the same key twice gives one order and the same answer, with a live access token of its own', async () => {
    const key = newKey();
    const first = await book(bookingBody(family), key);
    const second = await book(bookingBody(family), key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const { access_token: firstToken, ...firstOrder } = first.body.data;
    const { access_token: secondToken, ...secondOrder } = second.body.data;
    expect(secondOrder).toEqual(firstOrder);
    // Only hashes are kept, so a replay cannot give the first token again: it gets another; both open the order.
    expect(secondToken).not.toBe(firstToken);
    for (const token of [firstToken, secondToken]) {
      const read = await api.app.inject({
        method: 'GET',
        url: `/v1/orders/${firstOrder.id}?access_token=${token}`,
        headers: ANON,
      });
      expect(read.statusCode).toBe(200);
    }
    expect(await orderOf(api.db, first.body.data.id)).toBeDefined();
    const count = await api.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key}`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  test('the same key with another body is a 422; a key still in progress is a 409', async () => {
    const key = newKey();
    expect((await book(bookingBody(family), key)).status).toBe(201);
    const other = bookingBody(family, {
      contact: { full_name: 'Someone Else', email: 'x@example.com', phone: '+998901234567' },
    });
    const { status, body } = await book(other, key);
    expect(status).toBe(422);
    expect(body.error.details.reason).toBe('idempotency_key_reused');

    const busy = newKey();
    const requestHash = orderRequestHash(createOrderRequestSchema.parse(bookingBody(family)));
    const started = await idempotency.begin(api.db, {
      scope: 'anonymous:ip:127.0.0.1:POST /v1/orders',
      key: busy,
      requestHash,
    });
    expect(started).toBe('new');
    const conflict = await book(bookingBody(family), busy);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_in_progress');
  });

  test('a key still in progress for another caller is no conflict: it is another key', async () => {
    const busy = newKey();
    const requestHash = orderRequestHash(createOrderRequestSchema.parse(bookingBody(family)));
    await idempotency.begin(api.db, {
      scope: 'anonymous:ip:192.0.2.9:POST /v1/orders',
      key: busy,
      requestHash,
    });
    expect((await book(bookingBody(family), busy)).status).toBe(201);
  });

  test('a refusal frees the key: the retry runs afresh', async () => {
    const key = newKey();
    const body = bookingBody(family, { expected_total: '1.00' });
    expect((await book(body, key)).status).toBe(422);
    const again = await book(body, key);
    expect(again.status).toBe(422);
    expect(again.body.error.details.reason).toBe('price_changed');
  });
});

describe('POST /v1/orders: Idempotency-Key scoped per caller', () => {
  const visitorA = 'A'.repeat(43);
  const visitorB = 'B'.repeat(43);
  async function bookAs(body: unknown, key: string, from: { ip: string; visitor?: string }) {
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/orders',
      remoteAddress: from.ip,
      headers: {
        ...ANON,
        'idempotency-key': key,
        ...(from.visitor ? { 'x-parvoz-visitor': from.visitor } : {}),
      },
      payload: body as object,
    });
    return { status: response.statusCode, body: response.json() };
  }
  /** A replay is the same order; its access token is a new one (only hashes are kept). */
  const sameOrder = (body: { data: Record<string, unknown> }) => {
    const { access_token: token, ...order } = body.data;
    expect(token).toEqual(expect.any(String));
    return order;
  };

  test('two visitors at one IP with the same key and body each get their own order', async () => {
    const key = newKey();
    const first = await bookAs(bookingBody(family), key, { ip: '198.51.100.7', visitor: visitorA });
    const second = await bookAs(bookingBody(family), key, { ip: '198.51.100.7', visitor: visitorB });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(second.body.data.access_token).not.toBe(first.body.data.access_token);
    // The same visitor again: the stored answer.
    const replay = await bookAs(bookingBody(family), key, { ip: '198.51.100.7', visitor: visitorA });
    expect(sameOrder(replay.body)).toEqual(sameOrder(first.body));
  });

  test('one visitor id at another IP, and direct callers at two IPs, are other callers too', async () => {
    const key = newKey();
    const home = await bookAs(bookingBody(family), key, { ip: '198.51.100.8', visitor: visitorA });
    const elsewhere = await bookAs(bookingBody(family), key, { ip: '198.51.100.9', visitor: visitorA });
    expect(elsewhere.body.data.id).not.toBe(home.body.data.id);

    const direct = newKey();
    const one = await bookAs(bookingBody(family), direct, { ip: '203.0.113.1' });
    const two = await bookAs(bookingBody(family), direct, { ip: '203.0.113.2' });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body.data.id).not.toBe(one.body.data.id);
    // Nor is a direct caller the web visitor at the same IP.
    const web = await bookAs(bookingBody(family), direct, { ip: '203.0.113.1', visitor: visitorB });
    expect(web.body.data.id).not.toBe(one.body.data.id);
    expect(sameOrder((await bookAs(bookingBody(family), direct, { ip: '203.0.113.1' })).body)).toEqual(
      sameOrder(one.body),
    );
  });

  test("another caller's key with another body is not refused as reused", async () => {
    const key = newKey();
    expect((await bookAs(bookingBody(family), key, { ip: '198.51.100.10', visitor: visitorA })).status).toBe(
      201,
    );
    const other = bookingBody(family, {
      contact: { full_name: 'Someone Else', email: 'someone.else@example.com', phone: '+998901234567' },
    });
    const theirs = await bookAs(other, key, { ip: '198.51.100.10', visitor: visitorB });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.contact.email).toBe('someone.else@example.com');
    // The same caller with another body still is.
    const mine = await bookAs(other, key, { ip: '198.51.100.10', visitor: visitorA });
    expect(mine.status).toBe(422);
    expect(mine.body.error.details.reason).toBe('idempotency_key_reused');
  });

  test('a signed-in user is one caller wherever they are; two users are two callers', async () => {
    const signIn = async (email: string) => (await signInByEmail(api.app, inbox, email)).authorization;
    const [ana, ben] = [await signIn('ana.scope@example.com'), await signIn('ben.scope@example.com')];
    const key = newKey();
    const as = async (authorization: string, ip: string) =>
      api.app.inject({
        method: 'POST',
        url: '/v1/orders',
        remoteAddress: ip,
        headers: { authorization, 'idempotency-key': key },
        payload: bookingBody(family),
      });
    const first = (await as(ana, '198.51.100.12')).json();
    const moved = (await as(ana, '198.51.100.13')).json();
    expect(sameOrder(moved)).toEqual(sameOrder(first));
    const other = await as(ben, '198.51.100.12');
    expect(other.statusCode).toBe(201);
    expect(other.json().data.id).not.toBe(first.data.id);
  });

  test('a malformed visitor id is a 400, never a key of someone else', async () => {
    const bad = await bookAs(bookingBody(family), newKey(), { ip: '198.51.100.11', visitor: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'malformed_request', details: { reason: 'visitor' } });
  });
});

describe('reading an order', () => {
  let order: { id: string; access_token: string; booking_reference: string };
  beforeAll(async () => {
    order = (await book(bookingBody(family))).body.data;
  });

  test('with the access token; without it, or with a wrong one, it does not exist', async () => {
    const get = (query: string) =>
      api.app.inject({ method: 'GET', url: `/v1/orders/${order.id}${query}`, headers: ANON });
    const ok = await get(`?access_token=${order.access_token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ id: order.id, booking_status: 'new', payable: true });
    expect(ok.json().data.access_token).toBeUndefined();
    expect((await get('')).statusCode).toBe(404);
    expect((await get('?access_token=nope')).statusCode).toBe(404);
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/orders/ord_doesnotexist00000000000', headers: ANON }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/orders/../../etc', headers: ANON })).statusCode,
    ).toBeLessThan(500);
  });

  test('by its signed-in owner, who can also save the passengers; another user gets 404', async () => {
    const signIn = (email: string) => signInByEmail(api.app, inbox, email);
    const owner = await signIn('owner@example.com');
    const stranger = await signIn('stranger@example.com');
    const { status, body } = await book(bookingBody(family, { save_travellers: true }), newKey(), owner);
    expect(status).toBe(201);
    const id = body.data.id;
    expect(
      (await api.app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: owner })).statusCode,
    ).toBe(200);
    expect(
      (await api.app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: stranger })).statusCode,
    ).toBe(404);
    const travellers = await api.app.inject({ method: 'GET', url: '/v1/user/travellers', headers: owner });
    expect(travellers.json().data).toHaveLength(4);
    // Booking the same people again does not save them twice.
    await book(bookingBody(family, { save_travellers: true }), newKey(), owner);
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/user/travellers', headers: owner })).json().data,
    ).toHaveLength(4);
    const list = await api.app.inject({ method: 'GET', url: '/v1/orders?status=active', headers: owner });
    expect(list.json().data.map((o: { id: string }) => o.id)).toContain(id);
  });
});

describe('POST /v1/orders/lookup ("where is my ticket")', () => {
  test('emails the access link when reference and email match; the answer is the same either way', async () => {
    const { body } = await book(bookingBody(family, { lang: 'ru' }));
    const order = body.data;
    const ask = (payload: object) =>
      api.app.inject({ method: 'POST', url: '/v1/orders/lookup', headers: ANON, payload });
    const sent = inbox.length;
    const hit = await ask({
      booking_reference: order.booking_reference.toLowerCase(),
      email: 'ANNA.KARIMOVA@example.com',
      lang: 'ru',
    });
    const miss = await ask({
      booking_reference: order.booking_reference,
      email: 'other@example.com',
      lang: 'ru',
    });
    const unknown = await ask({
      booking_reference: 'ZZZZZZ',
      email: 'anna.karimova@example.com',
      lang: 'ru',
    });
    for (const r of [hit, miss, unknown]) {
      expect(r.statusCode).toBe(202);
      expect(r.json()).toEqual({ data: { accepted: true } });
    }
    await api.app.outbox.runOnce();
    const mails = inbox.slice(sent);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('anna.karimova@example.com');
    expect(mails[0]!.subject).toContain(order.booking_reference);
    expect(mails[0]!.text).toContain('Открыть заказ');
    const bad = await ask({ booking_reference: 'AB', email: 'x', lang: 'ru' });
    expect(bad.statusCode).toBe(400);
  });

  test('mails a NEW link and the old ones stop working; a request the 10-minute dedupe swallows changes nothing', async () => {
    const { body } = await book(bookingBody(family, { lang: 'ru' }));
    const order = body.data;
    const read = async (token: string) =>
      (
        await api.app.inject({
          method: 'GET',
          url: `/v1/orders/${order.id}?access_token=${encodeURIComponent(token)}`,
          headers: ANON,
        })
      ).statusCode;
    const ask = () => askForOrderLink(api.app, order.booking_reference, 'anna.karimova@example.com', 'ru');
    const linkOf = (text: string) =>
      new RegExp(`/ru/orders/${order.id}\\?access_token=([A-Za-z0-9_-]{43})`).exec(text)?.[1];

    const sent = inbox.length;
    expect((await ask()).statusCode).toBe(202);
    await api.app.outbox.runOnce();
    const fresh = linkOf(inbox.slice(sent).find((m) => m.to === 'anna.karimova@example.com')!.text);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(order.access_token);
    expect(await read(fresh!)).toBe(200);
    expect(await read(order.access_token)).toBe(404);
    const revoked = await accessTokensOf(api.db, order.id);
    expect(revoked.map((t) => t.revokedAt === null).sort()).toEqual([false, true]);

    // Asked again in the same window: no email, so no rotation either (the mailed link keeps working).
    const before = inbox.length;
    expect((await ask()).statusCode).toBe(202);
    await api.app.outbox.runOnce();
    expect(inbox.length).toBe(before);
    expect(await read(fresh!)).toBe(200);
  });
});

describe('the payment window', () => {
  test('an unpaid order is cancelled after 20 minutes and its seats are released', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 34), adults: 2 });
    const { body } = await book(bookingBody(offer));
    const id = body.data.id;
    const flightKey = offer.slices[0]!.segments[0]!.flight_key;
    const sold = async () => (await seatCounts(api.db, flightKey))[0]?.sold;
    expect(await sold()).toBe(2);
    expect(await expireUnpaidOrders(api.db, new Date(clock + 19 * 60_000))).toBe(0);
    expect(await expireUnpaidOrders(api.db, new Date(clock + 20 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await sold()).toBe(0);
    const row = await orderOf(api.db, id);
    expect(row).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'not_paid' });
    expect(await expireUnpaidOrders(api.db, new Date(clock + 40 * 60_000))).toBe(0);
  });
});
