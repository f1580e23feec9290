/**
 * docs/duffel.md, "Timeouts": every Duffel call has a deadline. Against a stand-in that takes the call and never answers
 * (`knobs.hang`, a hung socket), each adapter call settles — as "no answer" (DuffelNoAnswer), which the callers
 * treat like a dropped connection — instead of waiting for ever and stopping every pass behind it. The deadlines
 * follow https://duffel.com/docs/api/overview/response-times ("we allow incoming requests to take up to 120s … we
 * recommend setting your HTTP client timeout to something slightly higher, eg 130s"); searches are bounded by the
 * search budget. Here they are shortened (the `timeouts` option, for tests only) to keep the suite quick.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { FlightSupplier } from '@parvoz/core/supplier';
import { bookingClaimMs } from '../../modules/supplier-orders/index.ts';
import { DUFFEL_BOOK_MAX_MS, type DuffelBookingInput, type DuffelOrders } from './orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import { annaWithPassport, firstTasIstOfferId, startDuffelAdapters } from './testing/duffel-adapters.ts';
import { duffelOnlyFlight } from './testing/duffel-fixtures.ts';
import { DUFFEL_TIMEOUTS, DuffelNoAnswer } from './timeouts.ts';
import { SupplierOutcomeUnknown } from '../orders.ts';

const TOKEN = 'duffel_test_timeouts0123456789';
const SECRET = 'test-offer-secret-0123456789';
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const SHORT = { actionMs: 300, readMs: 200 };
const BUDGET_MS = 300;
/** Time enough for any call here to have given up (two actions and a few reads at the short deadlines). */
const GIVEN_UP_BY_MS = 3_000;

let server: DuffelTestServer;
let supplier: FlightSupplier;
let orders: DuffelOrders;

beforeAll(async () => {
  ({ server, supplier, orders } = await startDuffelAdapters({
    token: TOKEN,
    secret: SECRET,
    flights: [duffelOnlyFlight('300.00', '60.00')],
    supplier: { searchBudgetMs: BUDGET_MS, timeouts: SHORT },
    timeouts: SHORT,
  }));
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.knobs.hang = null;
});

const WAITING = Symbol('still waiting');

/** How `work` settled within GIVEN_UP_BY_MS: its value, its error, or WAITING. */
async function settled(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise((resolve) => (timer = setTimeout(() => resolve(WAITING), GIVEN_UP_BY_MS)));
  try {
    return await Promise.race([work.catch((error: unknown) => error), waiting]);
  } finally {
    clearTimeout(timer);
  }
}

const anOfferId = () => firstTasIstOfferId(supplier, date);

const booking = (offerId: string, key: string): DuffelBookingInput => ({
  offerId,
  type: 'hold',
  idempotencyKey: key,
  contact: { email: 'anna@example.com', phone: '+998901234567' },
  passengers: [annaWithPassport('2031-01-01')],
});

async function aHeldOrder(key: string): Promise<string> {
  const held = await orders.book(booking(await anOfferId(), key), Date.now());
  if (!held.ok) throw new Error(`not held: ${held.code}`);
  return held.booking.orderId;
}

describe('Duffel timeouts', () => {
  test("order creation and payments wait longer than Duffel's 120 s, as advised; a claim outlasts a booking", () => {
    expect(DUFFEL_TIMEOUTS.actionMs).toBe(130_000);
    expect(DUFFEL_TIMEOUTS.readMs).toBeLessThan(DUFFEL_TIMEOUTS.actionMs);
    // The pay-time claim on an order must not lapse while its booking's calls may still be running.
    expect(DUFFEL_BOOK_MAX_MS).toBeGreaterThanOrEqual(2 * DUFFEL_TIMEOUTS.actionMs);
    expect(orders.bookMaxMs).toBe(DUFFEL_BOOK_MAX_MS);
    expect(bookingClaimMs(orders)).toBeGreaterThan(DUFFEL_BOOK_MAX_MS);
  });

  test('a search Duffel never answers ends at the search budget', async () => {
    server.knobs.hang = /^POST \/air\/offer_requests/;
    const started = Date.now();
    const outcome = await settled(
      supplier.search(
        {
          slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
          passengers: { adults: 1, children: 0, infants: 0 },
          cabin_class: 'economy',
        },
        { now: Date.now() },
      ),
    );
    expect(outcome).toBeInstanceOf(DuffelNoAnswer);
    expect(Date.now() - started).toBeLessThan(BUDGET_MS + 1_000);
  });

  test('re-pricing an offer Duffel never answers for: the offer cannot be confirmed now', async () => {
    const offerId = await anOfferId();
    server.knobs.hang = /^GET \/air\/offers\//;
    const outcome = await settled(supplier.price(offerId, { now: Date.now() }));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'offer_unavailable' } });
  });

  test('an order creation that hangs: the booking gives up, its outcome unknown (never created again)', async () => {
    const offerId = await anOfferId();
    server.knobs.hang = /^POST \/air\/orders$/;
    const outcome = await settled(orders.book(booking(offerId, 'hang-create'), Date.now()));
    expect(outcome).toMatchObject({ ok: false, code: 'outcome_unknown' });
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders')).toHaveLength(1);
  });

  test('a payment, a cancellation, the order list and the airline changes that hang: each call gives up', async () => {
    const orderId = await aHeldOrder('hang-others');
    // A payment without an answer may have been taken: its outcome is unknown, never paid again by a pass.
    server.knobs.hang = /^POST \/air\/payments$/;
    expect(await settled(orders.payOrder(orderId))).toMatchObject({ ok: false, code: 'outcome_unknown' });
    const calls: [RegExp, () => Promise<unknown>][] = [
      [/^GET \/air\/orders\//, () => orders.payOrder(orderId)],
      [/^POST \/air\/order_cancellations$/, () => orders.cancelOrder(orderId)],
      [/^POST \/air\/order_cancellations$/, () => orders.quoteCancellation(orderId)],
      [/^GET \/air\/orders$/, () => orders.listOurOrders(new Date(Date.now() - 3_600_000))],
      [/^GET \/air\/airline_initiated_changes$/, () => orders.listChanges(orderId)],
      [/^POST \/air\/airline_initiated_changes\//, () => orders.acceptChange('aic_0000x')],
    ];
    // A confirmation without an answer may have cancelled: read back, its outcome unknown, never confirmed again.
    server.knobs.hang = /^POST \/air\/order_cancellations\/.+\/actions\/confirm$/;
    const confirming = await settled(orders.confirmCancellation('ore_0000x'));
    expect(confirming).toBeInstanceOf(SupplierOutcomeUnknown);
    expect((confirming as Error).cause).toBeInstanceOf(DuffelNoAnswer);
    for (const [route, call] of calls) {
      server.knobs.hang = route;
      expect(await settled(call()), String(route)).toBeInstanceOf(DuffelNoAnswer);
    }
    // Nothing was paid or cancelled behind our back: the hung calls did nothing at the stand-in.
    server.knobs.hang = null;
    expect(server.payments).toHaveLength(0);
    expect(server.orders.find((o) => o.id === orderId)!.cancelled_at).toBeNull();
  });
});
