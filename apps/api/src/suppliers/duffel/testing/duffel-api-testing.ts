/**
 * The API with the Duffel supplier on, against the Duffel test server, on a new database: the set-up the Duffel
 * suites (booking, reconciliation, airline changes) share.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { Offer } from '@parvoz/core/search-types';
import { createTestDatabase } from '@parvoz/db/testing';
import type { Database } from '@parvoz/db';
import { buildTestApi, QUIET_LOG, TEST_OFFER_SECRET } from '../../../testing/api.ts';
import { paySuppliers } from '../../../modules/supplier-orders/index.ts';
import { ANON, bookingBody, injectOrder, suiteClock } from '../../../testing/booking.ts';
import { pay, type Booked } from '../../../testing/after-sale.ts';
import { ORDER_METADATA_KEY } from '../orders.ts';
import { duffelSignature } from './duffel-order-outcomes.ts';
import { createDuffelOrders } from '../orders.ts';
import { createDuffelSupplier, type DuffelSupplierOptions } from '../supplier.ts';
import { DEFAULT_RATES } from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import type { ApiConfig } from '../../../config.ts';
import type { DuffelSettings } from '../settings.ts';
import { searchEngineFor } from '../../../modules/search/index.ts';
import {
  duffelAirportsFrom,
  startDuffelServer,
  type DuffelTestFlight,
  type DuffelTestServer,
} from './duffel-server.ts';
import { duffelOnlyFlight } from './duffel-fixtures.ts';

/** A flight only Duffel sells: QP 4242 Tashkent–Istanbul at 23:10, 5 h 20 min, 300 USD with 60 of tax. */
export const DUFFEL_ONLY_FLIGHT: DuffelTestFlight = duffelOnlyFlight('300.00', '60.00');

/** DUFFEL_ONLY_FLIGHT, refundable for a 50 USD penalty. */
export const REFUNDABLE_DUFFEL_ONLY_FLIGHT: DuffelTestFlight = {
  ...DUFFEL_ONLY_FLIGHT,
  refund: { allowed: true, penalty_amount: '50.00', penalty_currency: 'USD' },
};

export type DuffelTestApi = {
  db: Database;
  app: FastifyInstance;
  server: DuffelTestServer;
  close: () => Promise<void>;
};

/**
 * A new database (after `prepare`, e.g. a trigger), a Duffel test server playing `flights` with `token`, and the
 * API searching and booking through it with generous limits (the suites book many orders from one client).
 */
export async function startDuffelTestApi(options: {
  token: string;
  now: () => Date;
  flights?: DuffelTestFlight[];
  prepare?: (db: Database) => Promise<void>;
  /** More API configuration (e.g. `smtpUrl` of a test mail server, `publicUrl`). */
  config?: Partial<ApiConfig>;
  /** More Duffel settings (e.g. `webhookSecret`). */
  duffel?: Partial<DuffelSettings>;
  /** Called instead of kicking the supplier passes after a payment (the suite drives them by hand). */
  onSupplierKick?: () => void;
}): Promise<DuffelTestApi> {
  const database = await createTestDatabase();
  await options.prepare?.(database.db);
  const flights = options.flights ?? [DUFFEL_ONLY_FLIGHT];
  // The airports the flights fly between (a multi-city trip's too), Tashkent and Istanbul always.
  const airports = new Set([
    'TAS',
    'IST',
    ...flights.flatMap((f) => f.segments.flatMap((s) => [s.origin, s.destination])),
  ]);
  const server = await startDuffelServer({
    token: options.token,
    now: options.now,
    airports: duffelAirportsFrom(searchEngineFor('parvoz').network, [...airports]),
    flights,
  });
  const app = await buildTestApi(
    database.db,
    {
      duffel: { accessToken: options.token, apiUrl: server.url, timeBudgetMs: 30_000, ...options.duffel },
      rateLimitScale: 1000,
      holdMaxSeats: 1000,
      holdMaxUnpaidOrders: 1000,
      ...options.config,
    },
    { now: options.now, ...(options.onSupplierKick ? { onSupplierKick: options.onSupplierKick } : {}) },
  );
  return {
    db: database.db,
    app,
    server,
    close: async () => {
      await app.close();
      await server.close();
      await database.close();
    },
  };
}

type DuffelTestApiOptions = Parameters<typeof startDuffelTestApi>[0];

/**
 * `startDuffelTestApi` before the suite's tests and its `close` after them: the set-up every Duffel suite repeated.
 * The fields of the returned object are set once the suite's tests (and later hooks) run. `options` may be a
 * function, for what an earlier hook starts (e.g. a test mail server's URL).
 */
export function useDuffelTestApi(
  options: DuffelTestApiOptions | (() => DuffelTestApiOptions),
): DuffelTestApi {
  const api = {} as DuffelTestApi;
  beforeAll(async () => {
    Object.assign(api, await startDuffelTestApi(typeof options === 'function' ? options() : options));
  }, 120_000);
  afterAll(async () => {
    await api.close?.();
  });
  return api;
}

/**
 * The opening every Duffel suite with a moving clock shares: its clock (`suiteClock(firstDay)`), the API on the
 * Duffel test server with its `token` (`useDuffelTestApi`, with `options`), and `nextKey`, its Idempotency-Keys
 * (`keys`-1, `keys`-2, …, or another prefix on the same count), and `paidOrder`, `paidDuffelOrder` on the next day
 * and key. The token, first day and keys are each suite's own.
 */
export function useDuffelSuite(
  suite: { token: string; firstDay: number; keys: string },
  options: DuffelSuiteOptions | (() => DuffelSuiteOptions) = {},
) {
  const clock = suiteClock(suite.firstDay);
  const { now, nextDay } = clock;
  let keys = 0;
  const api = useDuffelTestApi(() => ({
    ...(typeof options === 'function' ? options() : options),
    token: suite.token,
    now,
  }));
  const nextKey = (prefix = suite.keys) => `${prefix}-${++keys}`;
  const paidOrder = () => paidDuffelOrder(api, suite.token, now, { date: nextDay(), key: nextKey() });
  return { api, token: suite.token, clock, now, nextDay, nextKey, paidOrder };
}

type DuffelSuiteOptions = Omit<DuffelTestApiOptions, 'token' | 'now'>;

/**
 * Duffel's search adapter on the test server, at the default rates; our offers live 20 minutes and a search waits
 * 30 s unless `more` says.
 */
export function duffelSupplierOn(
  server: DuffelTestServer,
  network: Network,
  token: string,
  secret: string,
  more: Partial<DuffelSupplierOptions> = {},
) {
  return createDuffelSupplier({
    accessToken: token,
    apiUrl: server.url,
    network,
    rates: DEFAULT_RATES,
    secret,
    offerTtlMs: 20 * 60_000,
    searchBudgetMs: 30_000,
    ...more,
  });
}

/** A Duffel adapter of its own on the test server, as a worker of another instance has (supplier passes). */
export function duffelOrdersOn(server: DuffelTestServer, token: string) {
  return createDuffelOrders({ accessToken: token, apiUrl: server.url, secret: TEST_OFFER_SECRET });
}

/** The supplier-payment pass the order-expiry worker runs, on a separate adapter on the suite's test server. */
export const paySuppliersAtDuffel = (api: DuffelTestApi, token: string, now: () => Date) =>
  paySuppliers({ db: api.db, supplier: duffelOrdersOn(api.server, token), now, log: QUIET_LOG });

/**
 * The offers of a search TAS→IST on `date` (and back on `back`), one adult unless told, in USD unless told;
 * `sort` left out is the API's default. Each suite searches a date of its own per test: a kept search answer
 * would hand out an offer booked already.
 */
export async function searchDuffelOffers(
  app: FastifyInstance,
  options: {
    date: string;
    back?: string | undefined;
    passengers?: { adults: number; children?: number; infants?: number };
    currency?: string | undefined;
    sort?: 'cheapest';
  },
): Promise<Offer[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: ANON,
    payload: {
      slices: [
        { origin: 'TAS', destination: 'IST', departure_date: options.date },
        ...(options.back ? [{ origin: 'IST', destination: 'TAS', departure_date: options.back }] : []),
      ],
      passengers: options.passengers ?? { adults: 1 },
      cabin_class: 'economy',
      currency: options.currency ?? 'USD',
      sort: options.sort,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return expandSearchOffers(response.json().data) as Offer[];
}

/** The Duffel offer of such a search. */
export async function searchDuffelOffer(
  app: FastifyInstance,
  options: Parameters<typeof searchDuffelOffers>[1],
): Promise<Offer> {
  const offer = (await searchDuffelOffers(app, options)).find((o) => o.id.startsWith('dfl.'));
  if (!offer) throw new Error('no Duffel offer in the search');
  return offer;
}

/**
 * The Duffel offer of a fresh search on `date` (its `sort`), booked by its traveller on `app` under the
 * Idempotency-Key `key`; `atDuffel`, the order Duffel holds for it (none for an offer booked once paid).
 */
export async function bookDuffelOffer(
  app: FastifyInstance,
  server: DuffelTestServer,
  options: { date: string; key: string; sort?: 'cheapest' },
) {
  const offer = await searchDuffelOffer(app, {
    date: options.date,
    ...(options.sort ? { sort: options.sort } : {}),
  });
  const response = await injectOrder(app, bookingBody(offer), options.key);
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data as Booked;
  return { order, atDuffel: server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id) };
}

/**
 * The cheapest Duffel offer of a fresh search on `date`, booked (under `key`) and paid by its traveller, then paid
 * at Duffel by the supplier-payment pass: the start of the cancellation suites.
 */
export async function paidDuffelOrder(
  api: DuffelTestApi,
  token: string,
  now: () => Date,
  options: { date: string; key: string },
): Promise<Booked> {
  const { order } = await bookDuffelOffer(api.app, api.server, { ...options, sort: 'cheapest' });
  await pay(api.app, api.db, order, now());
  await paySuppliersAtDuffel(api, token, now);
  return order;
}

/**
 * An offer that requires instant payment (the stand-in's `instantPaymentOnly` while it is searched), booked (in
 * `lang`, under the Idempotency-Key `key`) and paid by its traveller on `app` at `at`, for the departure `date`.
 */
export async function paidInstantDuffelOrder(
  app: FastifyInstance,
  db: Database,
  server: DuffelTestServer,
  at: Date,
  { date, key, lang = 'en' }: { date: string; key: string; lang?: string },
): Promise<Booked & { offerId: string }> {
  server.knobs.instantPaymentOnly = true;
  let offer: Offer;
  try {
    offer = await searchDuffelOffer(app, { date });
  } finally {
    server.knobs.instantPaymentOnly = false;
  }
  const response = await injectOrder(
    app,
    bookingBody(offer, { expected_total: offer.total_amount, lang }),
    key,
  );
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data as Booked;
  await pay(app, db, order, at);
  return { ...order, offerId: offer.id };
}

/** The POST /air/orders Duffel received for our order `orderId`. */
export const ordersPostedFor = (server: DuffelTestServer, orderId: string) =>
  server.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/air/orders' &&
      r.body?.data?.metadata?.[ORDER_METADATA_KEY] === orderId,
  );

/** A delivery of the stand-in's event to `app`, signed as Duffel signs each attempt: at the moment it is sent. */
export const deliverDuffelEvent = (
  app: FastifyInstance,
  secret: string,
  delivery: { body: string; headers: Record<string, string> },
  at: Date,
) =>
  app.inject({
    method: 'POST',
    url: '/v1/webhooks/duffel',
    headers: { ...delivery.headers, 'x-duffel-signature': duffelSignature(secret, delivery.body, at) },
    payload: delivery.body,
  });
