/**
 * Two API instances on one PostgreSQL database (each its own connection pool, as two processes have) booking
 * through one Duffel stand-in: the set-up of the *.pg fault suites (../faults.pg.test.ts,
 * ../creation-faults.pg.test.ts, ../instant-unknown.pg.test.ts). The supplier passes are not kicked after a
 * payment: the suites run them themselves, on both instances at once.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { startTwoTestApis } from '../../../testing/api.ts';
import { suiteClock } from '../../../testing/booking.ts';
import { QUIET_LOG } from '../../../testing/api.ts';
import { forgetSupplierPauses } from '../../../modules/supplier-orders/testing/pauses.ts';
import { readOrder, signedInAs, type Booked } from '../../../testing/after-sale.ts';
import { queuedEmails } from '../../../modules/mail/testing/outbox.ts';
import { searchEngineFor } from '../../../modules/search/index.ts';
import type { DuffelSettings } from '../settings.ts';
import { ORDER_METADATA_KEY } from '../orders.ts';
import {
  deliverDuffelEvent,
  duffelOrdersOn,
  ordersPostedFor,
  paidInstantDuffelOrder,
} from './duffel-api-testing.ts';
import {
  duffelAirportsFrom,
  startDuffelServer,
  type DuffelTestFlight,
  type DuffelTestServer,
} from './duffel-server.ts';

export interface TwoDuffelApis {
  server: DuffelTestServer;
  apps: FastifyInstance[];
  dbs: Database[];
  close: () => Promise<void>;
}

export async function startTwoDuffelApis(options: {
  token: string;
  now: () => Date;
  flights: DuffelTestFlight[];
  /** More Duffel settings (e.g. `webhookSecret`). */
  duffel?: Partial<DuffelSettings>;
}): Promise<TwoDuffelApis> {
  const server = await startDuffelServer({
    token: options.token,
    now: options.now,
    airports: duffelAirportsFrom(searchEngineFor('parvoz').network, ['TAS', 'IST']),
    flights: options.flights,
  });
  try {
    const started = await startTwoTestApis(
      {
        duffel: { accessToken: options.token, apiUrl: server.url, timeBudgetMs: 30_000, ...options.duffel },
        rateLimitScale: 1000,
        holdMaxSeats: 1000,
        holdMaxUnpaidOrders: 1000,
      },
      { now: options.now, onSupplierKick: () => undefined },
    );
    return {
      server,
      apps: started.apps,
      dbs: [started.database.db, started.second.db],
      close: async () => {
        await started.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** A supplier pass (modules/supplier-orders: paying holds, booking paid sales, reading their tickets). */
type SupplierPass = (deps: {
  db: Database;
  supplier: ReturnType<typeof duffelOrdersOn>;
  now: () => Date;
  log: typeof QUIET_LOG;
}) => Promise<unknown>;

/**
 * `startTwoDuffelApis` before the suite's tests and its `close` after them, with what the suites drive it by: the
 * suite's clock (`clock.at`, moved on by its tests; `reset` puts it back and forgets the supplier pauses), a pass
 * run on both instances at once (each with its own adapter and connection pool, as two processes have), and what
 * Duffel received and the sale's people were told. `two`'s fields are set once the suite's tests run.
 */
export function useTwoDuffelApis(options: {
  token: string;
  flights: DuffelTestFlight[];
  /** The webhook secret Duffel signs with (`deliver`). */
  secret?: string;
  /** The Idempotency-Key prefix of the suite's sales (`paidInstantOrder`). */
  keys?: string;
  /** The first of the suite's search days, in days from its clock's start. */
  firstDay?: number;
}) {
  const clock = suiteClock(options.firstDay ?? 30);
  const { now } = clock;
  const two = {} as TwoDuffelApis;
  let keys = 0;
  beforeAll(async () => {
    Object.assign(
      two,
      await startTwoDuffelApis({
        token: options.token,
        now,
        flights: options.flights,
        ...(options.secret ? { duffel: { webhookSecret: options.secret } } : {}),
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await two.close?.();
  });
  return {
    two,
    clock,
    now,
    /** `run` on both instances at the same moment. */
    both: (run: SupplierPass) => () =>
      Promise.all(
        two.dbs.map((db) =>
          run({ db, supplier: duffelOrdersOn(two.server, options.token), now, log: QUIET_LOG }),
        ),
      ),
    /** The clock back at its start, and no supplier paused by an earlier test. */
    reset: async () => {
      clock.at = clock.start;
      await forgetSupplierPauses(two.dbs[0]!);
    },
    /** An offer that requires instant payment, booked in `lang` and paid by its traveller on the first instance. */
    paidInstantOrder: (lang = 'en') =>
      paidInstantOrderOn(two, now(), { date: clock.nextDay(), key: `${options.keys}-${++keys}`, lang }),
    posted: (order: Booked) => postedFor(two, order),
    madeAtDuffel: (order: Booked) => madeAtDuffelFor(two, order),
    /** A Duffel webhook delivered to the second instance, signed at the moment it is sent. */
    deliver: (delivery: { body: string; headers: Record<string, string> }) =>
      deliverToSecond(two, options.secret!, delivery, now()),
    /** What the traveller, the operator and the traveller's mailbox are told of the sale. */
    told: (order: Booked) => toldOf(two, order, now()),
  };
}

let operators = 0;

/**
 * What is true of a sale for the people it concerns, read through the second instance: what the traveller sees,
 * what the operator's console says (a new operator each time), and which emails the traveller was sent.
 */
export async function toldOf(two: TwoDuffelApis, order: Booked, now: Date) {
  const traveller = await readOrder(two.apps[1]!, order.id, order.access_token);
  const operator = await signedInAs(two.dbs[0]!, `ops.faults.${++operators}@parvoz.example`, 'operator', now);
  const console = await two.apps[1]!.inject({
    method: 'GET',
    url: `/v1/ops/orders/${order.id}`,
    headers: operator,
  });
  expect(console.statusCode, console.body).toBe(200);
  const data = console.json().data as {
    refunds: unknown[];
    supplier: {
      order_id: string | null;
      booking_outcome: string | null;
      ticketing: { problem: string | null; detail: unknown } | null;
    } | null;
  };
  const emails = async (filter: Parameters<typeof queuedEmails>[1]) =>
    (await queuedEmails(two.dbs[0]!, filter)).length;
  return {
    bookingStatus: traveller.booking_status,
    paymentStatus: traveller.payment_status,
    ticketing: traveller.ticketing,
    ticketNumbers: [...new Set(traveller.passengers.flatMap((p) => p.tickets.map((t) => t.ticket_number)))],
    supplierOrder: data.supplier?.order_id ?? null,
    outcome: data.supplier?.booking_outcome ?? null,
    task: data.supplier?.ticketing?.problem ?? null,
    /** The task's detail as the console shows it (for an unknown outcome: the failed call's status and request id). */
    taskDetail: data.supplier?.ticketing?.detail ?? null,
    refunds: data.refunds.length,
    delayedEmails: await emails({ dedupeKey: `ticketing-delayed:${order.id}` }),
    refusedEmails: await emails({ dedupeKey: `supplier-refused-refund:${order.id}` }),
    confirmations: await emails({ orderId: order.id, kind: 'order-confirmation' }),
  };
}

/**
 * An offer that requires instant payment, booked (in `lang`, under the Idempotency-Key `key`) and paid by its
 * traveller on the first instance, for the departure `date`.
 */
export const paidInstantOrderOn = (
  two: TwoDuffelApis,
  at: Date,
  sale: { date: string; key: string; lang?: string },
) => paidInstantDuffelOrder(two.apps[0]!, two.dbs[0]!, two.server, at, sale);

/** The POST /air/orders Duffel received for our order. */
export const postedFor = (two: TwoDuffelApis, order: Booked) => ordersPostedFor(two.server, order.id).length;

/** The orders Duffel holds for our order. */
export const madeAtDuffelFor = (two: TwoDuffelApis, order: Booked) =>
  two.server.orders.filter((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id);

/** A Duffel webhook delivered to the second instance, signed at the moment it is sent (`at`); its effect. */
export async function deliverToSecond(
  two: TwoDuffelApis,
  secret: string,
  delivery: { body: string; headers: Record<string, string> },
  at: Date,
): Promise<string> {
  const answer = await deliverDuffelEvent(two.apps[1]!, secret, delivery, at);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.effect as string;
}
