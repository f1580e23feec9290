/**
 * A local stand-in for Duffel's flights API, for tests (docs/duffel.md): real HTTP on loopback, playing the
 * parts the site uses as duffel.com/docs/api describes them (docs/decisions/0017-duffel-supplier.md):
 *
 *   every call      `Authorization: Bearer <token>` (else 401 `authentication_error`), `Duffel-Version: v2`
 *                   (else 400 `unsupported_version`), bodies `{ "data": … }`, answers `{ "data": … }`,
 *                   errors `{ "errors": [{ type, code, title, message, documentation_url }], "meta": { status,
 *                   request_id } }`
 *   POST /air/offer_requests?return_offers=true   offers for the slices from the flights the test configured
 *                                                 (./duffel-offers.ts), of the airlines that answered within
 *                                                 `supplier_timeout` (./duffel-rules.ts), each after
 *                                                 `airlineDelayMs[owner]`
 *   GET  /air/offers/:id                          one offer now (404 `not_found`, 422 `offer_no_longer_available`
 *                                                 once expired), optionally at a changed price; with
 *                                                 `?return_available_services=true` its `available_services`: a
 *                                                 checked bag per seated passenger and slice (or journey) for the
 *                                                 flights that sell one (`extra_bag`), else none
 *   GET  /air/seat_maps?offer_id=                 (./duffel-seat-maps.ts) one seat map per segment whose test
 *                                                 flight sells seats (`seats`), last segment first; seats booked by
 *                                                 any order of that flight have no services; 404 / 422 as the offer
 *   POST /air/orders                              (./duffel-orders.ts) an offer is booked once (422
 *                                                 `offer_no_longer_available` after),
 *                                                 passengers by the offer's ids, their fields as Duffel validates
 *                                                 them (./duffel-passengers.ts), identity documents as the offer
 *                                                 says (./duffel-rules.ts), `instant` paid from the balance,
 *                                                 `hold` refused (422) for an offer that requires instant payment
 *                                                 (`payments: [{ type: "balance", amount, currency }]`), `metadata` kept;
 *                                                 `services: [{ id, quantity }]` of the offer's available services
 *                                                 or seat maps (422 for an unknown id, a seat taken, two seats of
 *                                                 one passenger on a segment, a quantity above `maximum_quantity`,
 *                                                 or any service on a `hold` order: Duffel's hold guide says to omit
 *                                                 them), the payment and the order's total then include them, the
 *                                                 order's `services` list them (a seat: `type: "seat"`, `metadata`
 *                                                 `{ designator, … }`, also its passenger's `seat` on the segment)
 *   GET  /air/orders                              in no promised order, `limit` 1..200 (else 422), `after`
 *                                                 (./duffel-order-outcomes.ts, with the failures and webhooks)
 *   GET  /air/orders/:id                          one order, re-priced once its price guarantee ended, with its
 *                                                 `documents` (e-tickets) once paid (./duffel-hold-payments.ts)
 *   POST /air/payments                            pays a held order from the balance (`payment: { type: "balance",
 *                                                 amount, currency }` = the order's current total; 422 once paid/
 *                                                 cancelled, `price_changed`, `insufficient_balance`, lapsed hold)
 *   any call                                      429 with `ratelimit-*` headers while `knobs.pay.rateLimit` says
 *   POST /air/order_cancellations                 (./duffel-order-outcomes.ts) a quote: `refund_amount` (total less the refund penalty; taxes
 *                                                 only when not refundable, or null), `refund_to`, `expires_at`
 *   POST /air/order_cancellations/:id/actions/confirm   cancels the order (`failsAfterCancelling`: then a 5xx)
 *   GET  /air/order_cancellations/:id                   one quote, `confirmed_at` once confirmed
 *   GET  /air/airline_initiated_changes?order_id=       the airline's changes of an order (`airlineChange` makes one,
 *                                                       ./duffel-airline-changes.ts)
 *   POST /air/airline_initiated_changes/:id/actions/accept   accepts one while `accept` is available (else 422)
 *
 * Knobs: `delayMs` (answers that late), `failWith` (an HTTP status answered as a Duffel `api_error`, or 'drop' to
 * close the connection), `failRoute` (the same for the calls whose "METHOD /path" matches only), `priceFactor` (re-pricing answers a changed total), `dropAfterCreate` (the next order is
 * made, then the connection closes unanswered), `instantPaymentOnly` (new offers require instant payment),
 * `seatPriceFactor` (the airline reprices its seats),
 * `servicesVanishAfter` (the offers' bags are withdrawn after that many reads listing them), `airlineDelayMs` (how
 * long each airline takes to answer a search, against `supplier_timeout`), `hang` (matching calls never answered),
 * `identityDocuments` (the document terms of new offers), `createFault` (how the next order creation fails,
 * `settleAccepted` ends a 202), `quoteTerms` (what quotes refund to), `forbidden` (403 for matching calls)
 * (./duffel-knobs.ts). `requests` records every call, `orders` every order.
 */
import type { IncomingMessage } from 'node:http';
import { readBody, serveOnLoopback, type Loose } from '../../../payments/testing/http.ts';
import { airlineChangeCalls } from './duffel-airline-changes.ts';
import { duffelFailure, duffelId, duffelNotFound, invalidData } from './duffel-answers.ts';
import { holdPayments } from './duffel-hold-payments.ts';
import { defaultDuffelKnobs } from './duffel-knobs.ts';
import { offerCalls, type DuffelTestAirport, type DuffelTestFlight } from './duffel-offers.ts';
import {
  createWithFault,
  duffelWebhookDelivery,
  listOrdersAnyOrder,
  orderCancellationCalls,
} from './duffel-order-outcomes.ts';
import { orderCalls } from './duffel-orders.ts';
import { seatMapCalls } from './duffel-seat-maps.ts';

export { duffelAirportsFrom } from './duffel-fixtures.ts'; // where it lives now (no server needed)
export type {
  DuffelTestAirport,
  DuffelTestCondition,
  DuffelTestFlight,
  DuffelTestSegment,
} from './duffel-offers.ts';

export interface DuffelServerOptions {
  token: string;
  airports: Record<string, DuffelTestAirport>;
  flights: DuffelTestFlight[];
  /** Offer lifetime (Duffel: about 30 minutes). */
  offerTtlMs?: number;
  now?: () => Date;
}

export async function startDuffelServer(options: DuffelServerOptions) {
  const now = options.now ?? (() => new Date());
  const requests: {
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: Loose | null;
  }[] = [];
  const knobs = defaultDuffelKnobs();
  /** Orders accepted with a 202, not made yet (`settleAccepted`). */
  const accepted: Loose[] = [];
  /** Orders, oldest first. */
  const orders: Loose[] = [];
  const cancellations = new Map<string, Loose>();
  const offersApi = offerCalls({
    airports: options.airports,
    flights: options.flights,
    offerTtlMs: options.offerTtlMs ?? 30 * 60_000,
    knobs,
    now,
  });
  const { offers } = offersApi;
  const holds = holdPayments({ knobs: knobs.pay, now, failure: duffelFailure, id: duffelId });
  const { payments } = holds;
  const seatMaps = seatMapCalls({ offers, flights: options.flights, knobs });
  const ordersApi = orderCalls({ offers, orders, holds, seats: seatMaps, now });
  const cancelling = orderCancellationCalls({
    orders,
    cancellations,
    terms: () => knobs.quoteTerms,
    now,
    notFound: duffelNotFound,
    failsAfterCancelling: () => {
      const status = knobs.failsAfterCancelling;
      knobs.failsAfterCancelling = null;
      return status;
    },
  });
  const changesApi = airlineChangeCalls({ orders, now });
  const { changes } = changesApi;

  const server = await serveOnLoopback(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const text = await readBody(request);
    let body: Loose | null = null;
    try {
      body = text ? (JSON.parse(text) as Loose) : null;
    } catch {
      body = null;
    }
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname + url.search,
      headers: request.headers,
      body,
    });
    const answer = (status: number, payload: unknown, afterMs = 0, headers: Record<string, string> = {}) => {
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-request-id': duffelId('req'),
          ...headers,
        });
        response.end(JSON.stringify(payload));
      };
      const wait = knobs.delayMs + afterMs;
      if (wait > 0) setTimeout(send, wait).unref();
      else send();
    };
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      const f = duffelFailure(
        401,
        'authentication_error',
        'unauthorized',
        'Unauthorized',
        'The access token used is not recognised by our system.',
      );
      return answer(f.status, f.body);
    }
    // https://duffel.com/docs/api/overview/errors: 403 "A valid access token was provided, but it didn't have
    // sufficient permissions" (the page names no code for it: the stand-in's own).
    if (knobs.forbidden?.test(`${request.method} ${url.pathname}`)) {
      const f = duffelFailure(
        403,
        'authentication_error',
        'forbidden',
        'Forbidden',
        'The access token lacks permission.',
      );
      return answer(f.status, f.body);
    }
    if (request.headers['duffel-version'] !== 'v2') {
      const f = duffelFailure(
        400,
        'invalid_request_error',
        'unsupported_version',
        'Unsupported version',
        'The Duffel-Version header is missing or not supported.',
      );
      return answer(f.status, f.body);
    }
    if (knobs.hang?.test(`${request.method} ${url.pathname}`)) return;
    if (knobs.failWith === 'drop') return request.socket.destroy();
    const limited = holds.rateLimited(`${request.method} ${url.pathname}`);
    if (limited) return answer(limited.status, limited.body, 0, limited.headers);
    const routeFails = knobs.failRoute?.match.test(`${request.method} ${url.pathname}`);
    if (typeof knobs.failWith === 'number' || routeFails) {
      const f = duffelFailure(
        routeFails ? knobs.failRoute!.status : (knobs.failWith as number),
        'api_error',
        'internal_server_error',
        'Internal server error',
        'Something went wrong.',
      );
      return answer(f.status, f.body);
    }
    let result: { status: number; body: unknown };
    const offerPath = /^\/air\/offers\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    const confirmPath = /^\/air\/order_cancellations\/([A-Za-z0-9_]+)\/actions\/confirm$/.exec(url.pathname);
    const acceptPath = /^\/air\/airline_initiated_changes\/([A-Za-z0-9_]+)\/actions\/accept$/.exec(
      url.pathname,
    );
    if (request.method === 'POST' && /^\/air\/offer_requests\/?$/.test(url.pathname)) {
      if (!body || typeof body.data !== 'object' || body.data === null)
        result = invalidData('The body must be { "data": … }.');
      else {
        const searched = offersApi.search(body.data as Loose, url.searchParams);
        return answer(searched.status, searched.body, searched.afterMs);
      }
    } else if (request.method === 'GET' && offerPath) {
      result = offersApi.get(offerPath[1]!, url.searchParams.get('return_available_services') === 'true');
    } else if (request.method === 'GET' && url.pathname === '/air/seat_maps') {
      result = seatMaps.list(url.searchParams, now());
    } else if (request.method === 'POST' && url.pathname === '/air/orders') {
      const fault = knobs.dropAfterCreate ? { kind: 'drop_after_create' as const } : knobs.createFault;
      knobs.createFault = null;
      knobs.dropAfterCreate = false;
      const made = createWithFault(
        fault,
        () => ordersApi.create((body?.data ?? {}) as Loose),
        orders,
        accepted,
      );
      if (made === 'drop') return request.socket.destroy();
      result = made;
    } else if (request.method === 'GET' && url.pathname === '/air/orders') {
      result = listOrdersAnyOrder(
        orders.map((o) => holds.read(o, false)),
        url.searchParams,
      );
    } else if (request.method === 'GET' && /^\/air\/orders\/ord_[A-Za-z0-9]+$/.test(url.pathname)) {
      result = ordersApi.get(url.pathname.slice('/air/orders/'.length));
    } else if (request.method === 'POST' && url.pathname === '/air/payments') {
      result = ordersApi.pay((body?.data ?? {}) as Loose);
    } else if (request.method === 'POST' && url.pathname === '/air/order_cancellations') {
      result = cancelling.quote((body?.data ?? {}) as Loose);
    } else if (request.method === 'POST' && confirmPath) {
      result = cancelling.confirm(confirmPath[1]!);
    } else if (
      request.method === 'GET' &&
      /^\/air\/order_cancellations\/ore_[A-Za-z0-9]+$/.test(url.pathname)
    ) {
      result = cancelling.get(url.pathname.slice('/air/order_cancellations/'.length));
    } else if (request.method === 'GET' && url.pathname === '/air/airline_initiated_changes') {
      result = changesApi.list(url.searchParams);
    } else if (request.method === 'POST' && acceptPath) {
      result = changesApi.accept(acceptPath[1]!);
    } else {
      result = duffelNotFound();
    }
    answer(result.status, result.body);
  });
  return {
    url: server.url,
    knobs,
    requests,
    offers,
    orders,
    payments,
    cancellations,
    changes,
    /**
     * The airline moves an order's flights by `minutes` (a schedule change): Duffel records the slices as they were
     * (`removed`) and are now (`added`, new ids), the order shows the new ones, and `accept` is offered.
     */
    airlineChange: changesApi.make,
    /**
     * Ends the oldest order accepted with a 202: `created` makes it (listed from now on) and answers the signed
     * `order.created` delivery; `failed` drops it and answers `order.creation_failed` (the request's metadata).
     */
    settleAccepted(outcome: 'created' | 'failed', webhookSecret: string) {
      const order = accepted.shift();
      if (!order) throw new Error('no order was accepted with a 202');
      if (outcome === 'created') {
        order.created_at = now().toISOString();
        orders.push(order);
        return duffelWebhookDelivery(webhookSecret, 'order.created', order, now());
      }
      const object = { id: duffelId('ord'), offer_id: order.offer_id, metadata: order.metadata };
      return duffelWebhookDelivery(webhookSecret, 'order.creation_failed', object, now());
    },
    /** A signed delivery of any event (e.g. a repeated one). */
    webhook: (secret: string, type: string, object: Loose) =>
      duffelWebhookDelivery(secret, type, object, now()),
    /** Makes every stored offer expire now. */
    expireOffers() {
      for (const o of offers.values()) o.expires_at = new Date(now().getTime() - 1000).toISOString();
    },
    close: server.close,
  };
}
export type DuffelTestServer = Awaited<ReturnType<typeof startDuffelServer>>;
