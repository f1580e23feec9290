/**
 * A local stand-in for Duffel's flights API, for tests (docs/duffel.md): real HTTP on loopback, playing the
 * parts the site uses as duffel.com/docs/api describes them (docs/decisions/0017-duffel-supplier.md):
 *
 *   every call      `Authorization: Bearer <token>` (else 401 `authentication_error`), `Duffel-Version: v2`
 *                   (else 400 `unsupported_version`), bodies `{ "data": … }`, answers `{ "data": … }`,
 *                   errors `{ "errors": [{ type, code, title, message, documentation_url }], "meta": { status,
 *                   request_id } }`
 *   POST /air/offer_requests?return_offers=true   offers for the slices from the flights the test configured,
 *                                                 of the airlines that answered within `supplier_timeout`
 *                                                 (./duffel-rules.ts), each after `airlineDelayMs[owner]`
 *   GET  /air/offers/:id                          one offer now (404 `not_found`, 422 `offer_no_longer_available`
 *                                                 once expired), optionally at a changed price; with
 *                                                 `?return_available_services=true` its `available_services`: a
 *                                                 checked bag per seated passenger and slice (or journey) for the
 *                                                 flights that sell one (`extra_bag`), else none
 *   POST /air/orders                              an offer is booked once (422 `offer_no_longer_available` after),
 *                                                 passengers by the offer's ids, their fields as Duffel validates
 *                                                 them (./duffel-passengers.ts), identity documents as the offer
 *                                                 says (./duffel-rules.ts), `instant` paid from the balance,
 *                                                 `hold` refused (422) for an offer that requires instant payment
 *                                                 (`payments: [{ type: "balance", amount, currency }]`), `metadata` kept;
 *                                                 `services: [{ id, quantity }]` of the offer's available services
 *                                                 (422 for an unknown id, a quantity above `maximum_quantity`, or any
 *                                                 service on a `hold` order: Duffel's hold guide says to omit them),
 *                                                 the payment and the order's total then include them
 *   GET  /air/orders                              in no promised order, `limit` 1..200 (else 422), `after`
 *                                                 (./duffel-order-outcomes.ts, with the failures and webhooks)
 *   GET  /air/orders/:id                          one order, re-priced once its price guarantee ended, with its
 *                                                 `documents` (e-tickets) once paid (./duffel-hold-payments.ts)
 *   POST /air/payments                            pays a held order from the balance (`payment: { type: "balance",
 *                                                 amount, currency }` = the order's current total; 422 once paid/
 *                                                 cancelled, `price_changed`, `insufficient_balance`, lapsed hold)
 *   any call                                      429 with `ratelimit-*` headers while `knobs.pay.rateLimit` says
 *   POST /air/order_cancellations                 a quote: `refund_amount` (total less the refund penalty; taxes
 *                                                 only when not refundable, or null), `refund_to`, `expires_at`
 *   POST /air/order_cancellations/:id/actions/confirm   cancels the order (`failsAfterCancelling`: then a 5xx)
 *   GET  /air/order_cancellations/:id                   one quote, `confirmed_at` once confirmed
 *   GET  /air/airline_initiated_changes?order_id=       the airline's changes of an order (`airlineChange` makes one)
 *   POST /air/airline_initiated_changes/:id/actions/accept   accepts one while `accept` is available (else 422)
 *
 * Knobs: `delayMs` (answers that late), `failWith` (an HTTP status answered as a Duffel `api_error`, or 'drop' to
 * close the connection), `failRoute` (the same for the calls whose "METHOD /path" matches only), `priceFactor` (re-pricing answers a changed total), `dropAfterCreate` (the next order is
 * made, then the connection closes unanswered), `instantPaymentOnly` (new offers require instant payment),
 * `servicesVanishAfter` (the offers' bags are withdrawn after that many reads listing them), `airlineDelayMs` (how
 * long each airline takes to answer a search, against `supplier_timeout`), `hang` (matching calls never answered),
 * `identityDocuments` (the document terms of new offers), `createFault` (how the next order creation fails,
 * `settleAccepted` ends a 202), `quoteTerms` (what quotes refund to), `forbidden` (403 for matching calls). `requests` records every call, `orders` every order.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { timeZone } from '@parvoz/core/schedule-time';
import { readBody, serveOnLoopback, type Loose } from '../../../payments/testing/http.ts';
import { answerInTime, identityDocumentRefusal, isoDuration, wallClock } from './duffel-rules.ts';
import { passengerRefusal, typeForAge } from './duffel-passengers.ts';
import { defaultHoldPaymentKnobs, holdPayments, type HoldPaymentKnobs } from './duffel-hold-payments.ts';
import {
  createWithFault,
  duffelWebhookDelivery,
  listOrdersAnyOrder,
  orderCancellationCalls,
  type CreateFault,
  type QuoteTerms,
} from './duffel-order-outcomes.ts';

export { duffelAirportsFrom } from './duffel-fixtures.ts'; // where it lives now (no server needed)

export interface DuffelTestAirport {
  iata_code: string;
  name: string;
  city_name: string;
  iata_city_code: string;
  iata_country_code: string;
  time_zone: string;
  latitude: number;
  longitude: number;
}

export interface DuffelTestSegment {
  carrier: { iata_code: string | null; name: string };
  flight_number: string;
  origin: string;
  destination: string;
  /** Local departure time "HH:MM" on the requested date (+ `day_offset` days). */
  departs: string;
  day_offset?: number;
  duration_minutes: number;
  aircraft?: { iata_code: string; name: string } | null;
  /** Segment distance in km as Duffel sends it (a string), or null. */
  distance?: string | null;
}

export interface DuffelTestCondition {
  allowed: boolean;
  penalty_amount: string | null;
  penalty_currency: string | null;
}

/** One itinerary the airline sells on one slice: per adult price; children pay the same, infants 10%. */
export interface DuffelTestFlight {
  segments: DuffelTestSegment[];
  /** Per adult, in `currency`, e.g. "180.00". */
  amount: string;
  /** Per adult tax included in `amount`. */
  tax: string;
  currency: string;
  cabin_class?: 'economy' | 'premium_economy' | 'business' | 'first';
  baggage?: { checked: number; carry_on: number };
  refund?: DuffelTestCondition | null;
  change?: DuffelTestCondition | null;
  fare_brand_name?: string;
  /**
   * A checked bag the airline sells for this flight (Duffel's `available_services` of type `baggage`), per
   * seated passenger: `amount` per bag in `currency`, at most `max` (default 1), `weight_kg` (default 23; null:
   * Duffel names none), on this slice or, with `journey`, one service over every slice of the offer.
   */
  extra_bag?: { amount: string; max?: number; weight_kg?: number | null; journey?: boolean };
}

export interface DuffelServerOptions {
  token: string;
  airports: Record<string, DuffelTestAirport>;
  flights: DuffelTestFlight[];
  /** Offer lifetime (Duffel: about 30 minutes). */
  offerTtlMs?: number;
  now?: () => Date;
}

const id = (prefix: string) => `${prefix}_0000${randomBytes(11).toString('hex')}`;
const DOCS = 'https://duffel.com/docs/api/overview/errors';

/** Minor-unit arithmetic on "123.45" strings (all test currencies have two decimals). */
const cents = (amount: string) => Math.round(Number(amount) * 100);
const major = (c: number) => (c / 100).toFixed(2);

export async function startDuffelServer(options: DuffelServerOptions) {
  const now = options.now ?? (() => new Date());
  const ttl = options.offerTtlMs ?? 30 * 60_000;
  const offers = new Map<string, Loose>();
  const requests: {
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: Loose | null;
  }[] = [];
  const knobs: {
    delayMs: number;
    failWith: number | 'drop' | null;
    /** Like `failWith`, only for calls whose "METHOD /path" matches (e.g. Duffel down while cancelling). */
    failRoute: { match: RegExp; status: number } | null;
    priceFactor: number;
    /** The next order is created, then the connection closes before the answer (a dropped connection). */
    dropAfterCreate: boolean;
    /**
     * Offers made from now on require instant payment (`payment_requirements.requires_instant_payment: true`,
     * no `payment_required_by` / `price_guarantee_expires_at`): a `hold` order of them is refused.
     */
    instantPaymentOnly: boolean;
    /**
     * The airline withdraws its extra bags after this many more reads listing them (null: never): e.g. 1, and the
     * re-pricing still lists them while the booking's own read a moment later does not.
     */
    servicesVanishAfter: number | null;
    /** How long each airline (by its IATA code, the offers' `owner`) takes to answer a search; absent: at once. */
    airlineDelayMs: Record<string, number>;
    /**
     * Calls whose "METHOD /path" matches are taken and never answered (a hung socket), nothing done: what a
     * client without a timeout waits on for ever (docs/duffel.md, Timeouts).
     */
    hang: RegExp | null;
    /**
     * The identity-document terms of offers made from now on (`passenger_identity_documents_required`,
     * `supported_passenger_identity_document_types`); default a passport for every passenger.
     */
    identityDocuments: { required: boolean; supported: string[] };
    /** Paying holds: balance, lapsing holds, moved prices, 429s, late documents (./duffel-hold-payments.ts). */
    pay: HoldPaymentKnobs;
    /** How the next order creation fails (once). */
    createFault: CreateFault | null;
    /** What cancellation quotes refund to. */
    quoteTerms: QuoteTerms;
    /**
     * The next confirmed cancellation answers this status (500, 502: "You should not retry this request") after
     * the order was cancelled: the side effect done, the caller told only of an error. Null: answered as done.
     */
    failsAfterCancelling: number | null;
    /** Calls whose "METHOD /path" matches answer 403: the token is known but lacks the permission (errors page). */
    forbidden: RegExp | null;
  } = {
    delayMs: 0,
    failWith: null,
    failRoute: null,
    priceFactor: 1,
    dropAfterCreate: false,
    instantPaymentOnly: false,
    servicesVanishAfter: null,
    airlineDelayMs: {},
    hang: null,
    identityDocuments: { required: true, supported: ['passport'] },
    pay: defaultHoldPaymentKnobs(),
    createFault: null,
    quoteTerms: { refundTo: null, amountUnknown: false },
    forbidden: null,
    failsAfterCancelling: null,
  };
  /** Orders accepted with a 202, not made yet (`settleAccepted`). */
  const accepted: Loose[] = [];
  /** Orders, oldest first. */
  const orders: Loose[] = [];
  const cancellations = new Map<string, Loose>();
  /** Airline-initiated changes, oldest first. */
  const changes: Loose[] = [];

  const failure = (
    status: number,
    type: string,
    code: string,
    title: string,
    message: string,
    source?: { field: string; pointer: string },
  ) => ({
    status,
    body: {
      errors: [{ type, code, title, message, ...(source ? { source } : {}), documentation_url: DOCS }],
      meta: { status, request_id: id('req') },
    },
  });
  const holds = holdPayments({ knobs: knobs.pay, now, failure, id });
  const { payments } = holds;
  /** Duffel's refusal of an offer that expired or was booked already (on reading it and on ordering it). */
  const offerGone = () =>
    failure(
      422,
      'invalid_state_error',
      'offer_no_longer_available',
      'Offer no longer available',
      'The requested offer is no longer available, please select another offer.',
    );
  /** Duffel's 404: the same type, code and title for every resource, with a message naming it. */
  const notFound = (message = 'The resource you are trying to access does not exist.') =>
    failure(404, 'invalid_request_error', 'not_found', 'Not found', message);

  const airport = (code: string) => {
    const a = options.airports[code];
    if (!a) return null;
    return {
      type: 'airport',
      id: `arp_${code.toLowerCase()}_${a.iata_country_code.toLowerCase()}`,
      iata_code: a.iata_code,
      icao_code: null,
      iata_city_code: a.iata_city_code,
      iata_country_code: a.iata_country_code,
      name: a.name,
      city_name: a.city_name,
      city: null,
      time_zone: a.time_zone,
      latitude: a.latitude,
      longitude: a.longitude,
    };
  };

  const airline = (c: DuffelTestSegment['carrier']) => ({
    id: `arl_${(c.iata_code ?? 'xx').toLowerCase()}`,
    iata_code: c.iata_code,
    name: c.name,
    logo_symbol_url: null,
    logo_lockup_url: null,
    conditions_of_carriage_url: null,
  });

  /** The flights of one requested slice, as Duffel slices (or null when a place is unknown). */
  function sliceOptions(slice: Loose, passengerIds: string[]) {
    const date = String(slice.departure_date);
    return options.flights
      .filter(
        (f) =>
          f.segments[0]!.origin === slice.origin &&
          f.segments[f.segments.length - 1]!.destination === slice.destination,
      )
      .map((f) => {
        const segments = f.segments.map((s) => {
          const from = options.airports[s.origin]!;
          const to = options.airports[s.destination]!;
          const [hh, mm] = s.departs.split(':').map(Number) as [number, number];
          const localMs =
            Date.parse(`${date}T00:00:00Z`) + (s.day_offset ?? 0) * 86_400_000 + (hh * 60 + mm) * 60_000;
          const departUtc = timeZone(from.time_zone).toUtc(localMs);
          const arriveUtc = departUtc + s.duration_minutes * 60_000;
          return {
            id: id('seg'),
            origin: airport(s.origin),
            destination: airport(s.destination),
            origin_terminal: null,
            destination_terminal: null,
            departing_at: wallClock(departUtc, from.time_zone),
            arriving_at: wallClock(arriveUtc, to.time_zone),
            duration: isoDuration(s.duration_minutes),
            distance: s.distance ?? null,
            aircraft:
              s.aircraft === undefined
                ? { id: 'arc_00009VMF8AhXSSRnQDI6Hi', iata_code: '320', name: 'Airbus A320' }
                : s.aircraft,
            marketing_carrier: airline(s.carrier),
            marketing_carrier_flight_number: s.flight_number,
            operating_carrier: airline(s.carrier),
            operating_carrier_flight_number: s.flight_number,
            stops: [],
            passengers: passengerIds.map((pid) => ({
              passenger_id: pid,
              cabin_class: f.cabin_class ?? 'economy',
              cabin_class_marketing_name: 'Economy',
              fare_basis_code: 'Y20LGTN2',
              cabin: null,
              baggages: [
                { type: 'checked', quantity: f.baggage?.checked ?? 1 },
                { type: 'carry_on', quantity: f.baggage?.carry_on ?? 1 },
              ],
            })),
          };
        });
        return { flight: f, segments };
      });
  }

  /** The extra checked bags of an offer: one service per seated passenger and slice (or journey) that sells one. */
  function bagServices(
    combo: ReturnType<typeof sliceOptions>,
    slices: Loose[],
    passengers: Loose[],
  ): Loose[] {
    const seated = passengers.filter((p) => p.type !== 'infant_without_seat');
    const service = (
      bag: NonNullable<DuffelTestFlight['extra_bag']>,
      currency: string,
      segmentIds: string[],
    ) =>
      seated.map((p) => ({
        id: id('ase'),
        type: 'baggage',
        passenger_ids: [p.id],
        segment_ids: segmentIds,
        maximum_quantity: bag.max ?? 1,
        total_amount: bag.amount,
        total_currency: currency,
        metadata: {
          type: 'checked',
          maximum_weight_kg: bag.weight_kg === undefined ? 23 : bag.weight_kg,
          maximum_height_cm: 90,
          maximum_length_cm: 75,
          maximum_depth_cm: 43,
        },
      }));
    const segmentIdsOf = (slice: Loose) => (slice.segments as Loose[]).map((seg) => seg.id as string);
    const first = combo[0]!.flight;
    if (first.extra_bag?.journey)
      return service(first.extra_bag, first.currency, slices.flatMap(segmentIdsOf));
    return combo.flatMap((o, i) =>
      o.flight.extra_bag ? service(o.flight.extra_bag, o.flight.currency, segmentIdsOf(slices[i]!)) : [],
    );
  }

  /** An offer request's answer as `supplier_timeout` makes it (./duffel-rules.ts). */
  function offerRequest(data: Loose, query: URLSearchParams) {
    const answered = offerRequestNow(data);
    if (answered.status !== 201) return { ...answered, afterMs: 0 };
    const body = answered.body as { data: { offers: Loose[] } };
    const { late, afterMs } = answerInTime(body.data.offers, knobs.airlineDelayMs, query);
    // An airline that had not answered in time sold nothing: its offers were never made.
    for (const offer of late) offers.delete(offer.id as string);
    body.data.offers = body.data.offers.filter((offer) => !late.includes(offer));
    return { ...answered, afterMs };
  }

  function offerRequestNow(data: Loose) {
    const slices = Array.isArray(data.slices) ? data.slices : null;
    const passengers = Array.isArray(data.passengers) ? data.passengers : null;
    if (!slices || slices.length === 0 || !passengers || passengers.length === 0)
      return failure(
        422,
        'validation_error',
        'validation_required',
        'Required field',
        'slices and passengers are required',
      );
    for (const s of slices)
      for (const code of [s.origin, s.destination])
        if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code))
          return failure(
            422,
            'validation_error',
            'invalid_data',
            'Invalid data',
            `${String(code)} is not an IATA code`,
          );
    for (const p of passengers)
      if ((p.type === undefined) === (p.age === undefined))
        return failure(
          422,
          'validation_error',
          'invalid_data',
          'Invalid data',
          'a passenger has a type or an age',
        );
    const requestPassengers = passengers.map((p: Loose) => ({
      id: id('pas'),
      type: p.type ?? typeForAge(p.age),
      age: p.age ?? null,
    }));
    const ids = requestPassengers.map((p: Loose) => p.id as string);
    const factor = requestPassengers.reduce(
      (sum: number, p: Loose) => sum + (p.type === 'infant_without_seat' ? 0.1 : 1),
      0,
    );
    const maxConnections = typeof data.max_connections === 'number' ? data.max_connections : 1;
    const perSlice = slices.map((s: Loose) =>
      sliceOptions(s, ids).filter((o) => o.segments.length - 1 <= maxConnections),
    );
    // Every combination of one option per slice is an offer (round trips: outbound × return).
    let combos: ReturnType<typeof sliceOptions>[] = [[]];
    for (const options of perSlice) combos = combos.flatMap((c) => options.map((o) => [...c, o]));
    const created = now();
    const list = combos
      .filter((c) => c.length === slices.length)
      .filter((c) => new Set(c.map((o) => o.flight.currency)).size === 1)
      .map((c) => {
        const currency = c[0]!.flight.currency;
        const total = c.reduce((sum, o) => sum + Math.round(cents(o.flight.amount) * factor), 0);
        const tax = c.reduce((sum, o) => sum + Math.round(cents(o.flight.tax) * factor), 0);
        const first = c[0]!.flight;
        const offer: Loose = {
          id: id('off'),
          live_mode: false,
          partial: false,
          created_at: created.toISOString(),
          updated_at: created.toISOString(),
          expires_at: new Date(created.getTime() + ttl).toISOString(),
          total_amount: major(total),
          total_currency: currency,
          base_amount: major(total - tax),
          base_currency: currency,
          tax_amount: major(tax),
          tax_currency: currency,
          total_emissions_kg: '180',
          owner: airline(first.segments[0]!.carrier),
          passengers: requestPassengers.map((p: Loose) => ({
            ...p,
            fare_type: null,
            loyalty_programme_accounts: [],
          })),
          passenger_identity_documents_required: knobs.identityDocuments.required,
          supported_passenger_identity_document_types: [...knobs.identityDocuments.supported],
          supported_loyalty_programmes: [],
          private_fares: [],
          payment_requirements: knobs.instantPaymentOnly
            ? { requires_instant_payment: true, price_guarantee_expires_at: null, payment_required_by: null }
            : {
                requires_instant_payment: false,
                price_guarantee_expires_at: new Date(created.getTime() + 86_400_000).toISOString(),
                payment_required_by: new Date(created.getTime() + 2 * 86_400_000).toISOString(),
              },
          conditions: {
            refund_before_departure: first.refund === undefined ? null : first.refund,
            change_before_departure: first.change === undefined ? null : first.change,
          },
          available_services: [],
          slices: c.map((o, i) => ({
            id: id('sli'),
            origin_type: 'airport',
            destination_type: 'airport',
            origin: airport(slices[i].origin),
            destination: airport(slices[i].destination),
            duration: null,
            fare_brand_name: o.flight.fare_brand_name ?? 'Basic',
            comparison_key: randomBytes(6).toString('base64'),
            ngs_shelf: 1,
            conditions: {
              refund_before_departure: o.flight.refund ?? null,
              change_before_departure: o.flight.change ?? null,
              advance_seat_selection: null,
              priority_boarding: null,
              priority_check_in: null,
            },
            segments: o.segments,
          })),
        };
        offer.available_services = bagServices(c, offer.slices as Loose[], requestPassengers);
        offers.set(offer.id, offer);
        return offer;
      });
    const body = {
      data: {
        id: id('orq'),
        live_mode: false,
        created_at: created.toISOString(),
        cabin_class: data.cabin_class ?? null,
        slices: slices.map((s: Loose) => ({
          origin_type: 'airport',
          destination_type: 'airport',
          origin: airport(s.origin),
          destination: airport(s.destination),
          departure_date: s.departure_date,
        })),
        passengers: requestPassengers,
        offers: list.map(({ available_services: _unused, ...rest }) => rest),
      },
    };
    return { status: 201, body };
  }

  function getOffer(offerId: string, withServices: boolean) {
    const stored = offers.get(offerId);
    if (stored && withServices && knobs.servicesVanishAfter !== null && knobs.servicesVanishAfter-- <= 0)
      stored.available_services = [];
    // Duffel lists an offer's services only when asked (`return_available_services=true`).
    const offer: Loose | undefined = stored && {
      ...stored,
      available_services: withServices ? stored.available_services : [],
    };
    if (!offer) return notFound();
    if (Date.parse(offer.expires_at) <= now().getTime()) return offerGone();
    if (knobs.priceFactor === 1) return { status: 200, body: { data: offer } };
    const total = Math.round(cents(offer.total_amount) * knobs.priceFactor);
    const tax = cents(offer.tax_amount);
    return {
      status: 200,
      body: { data: { ...offer, total_amount: major(total), base_amount: major(total - tax) } },
    };
  }

  /** POST /air/orders: an offer is booked once; passengers by the offer's ids; `instant` pays from the balance. */
  function createOrder(data: Loose) {
    const offerId = Array.isArray(data.selected_offers) ? data.selected_offers[0] : undefined;
    const offer = typeof offerId === 'string' ? offers.get(offerId) : undefined;
    if (!offer) return notFound('The selected offer does not exist.');
    if (Date.parse(offer.expires_at) <= now().getTime() || orders.some((o) => o.offer_id === offer.id))
      return offerGone();
    const passengers = Array.isArray(data.passengers) ? (data.passengers as Loose[]) : [];
    const expected = (offer.passengers as Loose[]).map((p) => p.id).sort();
    if (JSON.stringify(passengers.map((p) => p.id).sort()) !== JSON.stringify(expected))
      return failure(
        422,
        'validation_error',
        'invalid_data',
        'Invalid data',
        'passengers must be those of the offer',
      );
    // Each passenger's fields as Duffel validates them (./duffel-passengers.ts).
    const refused = passengerRefusal(offer, passengers, now());
    if (refused)
      return failure(422, 'validation_error', refused.code, refused.title, refused.message, refused.source);
    const documents = identityDocumentRefusal(offer, passengers);
    if (documents)
      return failure(422, 'validation_error', documents.code, documents.title, documents.message);
    // Services: each one of the offer's, at most its `maximum_quantity`; none on a hold (Duffel's hold guide).
    const wanted = data.services === undefined ? [] : data.services;
    if (!Array.isArray(wanted))
      return failure(422, 'validation_error', 'invalid_data', 'Invalid data', 'services must be a list');
    const booked: Loose[] = [];
    let servicesTotal = 0;
    for (const w of wanted as Loose[]) {
      const service = (offer.available_services as Loose[]).find((a) => a.id === w?.id);
      if (!service)
        return failure(
          422,
          'validation_error',
          'invalid_data',
          'Invalid data',
          `The service ${String(w?.id)} is not available for the selected offer.`,
        );
      const quantity = w.quantity;
      const already = booked.filter((b) => b.id === service.id).reduce((n, b) => n + b.quantity, 0);
      if (!Number.isInteger(quantity) || quantity < 1 || already + quantity > service.maximum_quantity)
        return failure(
          422,
          'validation_error',
          'invalid_data',
          'Invalid data',
          `The quantity of the service ${service.id} must be between 1 and ${service.maximum_quantity}.`,
        );
      servicesTotal += cents(service.total_amount) * quantity;
      booked.push({
        id: service.id,
        type: service.type,
        passenger_ids: service.passenger_ids,
        segment_ids: service.segment_ids,
        quantity,
        total_amount: major(cents(service.total_amount) * quantity),
        total_currency: service.total_currency,
        metadata: service.metadata,
      });
    }
    if (booked.length > 0 && data.type !== 'instant')
      return failure(
        422,
        'validation_error',
        'invalid_data',
        'Invalid data',
        'Services cannot be booked with hold orders: omit services or create an instant order.',
      );
    const orderTotal = major(cents(offer.total_amount) + servicesTotal);
    if (data.type === 'instant') {
      const pay = Array.isArray(data.payments) ? data.payments[0] : undefined;
      if (
        !pay ||
        pay.type !== 'balance' ||
        pay.amount !== orderTotal ||
        pay.currency !== offer.total_currency
      )
        return failure(
          422,
          'validation_error',
          'invalid_data',
          'Invalid data',
          'payment must be the offer total plus the services',
        );
    } else if (data.type !== 'hold' && data.type !== 'pay_later') {
      return failure(422, 'validation_error', 'invalid_data', 'Invalid data', 'type is instant or hold');
    } else if (offer.payment_requirements.requires_instant_payment) {
      // Duffel's hold guide: only offers with `requires_instant_payment: false` can be held.
      return failure(
        422,
        'validation_error',
        'invalid_data',
        'Invalid data',
        'This offer requires instant payment and cannot be held.',
      );
    }
    const order = {
      id: id('ord'),
      offer_id: offer.id,
      booking_reference: randomBytes(4).toString('hex').slice(0, 6).toUpperCase(),
      live_mode: false,
      created_at: now().toISOString(),
      type: data.type,
      metadata: data.metadata ?? null,
      total_amount: orderTotal,
      total_currency: offer.total_currency,
      services: booked,
      base_amount: offer.base_amount,
      tax_amount: offer.tax_amount,
      owner: offer.owner,
      conditions: offer.conditions,
      slices: offer.slices,
      passengers: passengers.map(({ identity_documents: _docs, ...p }) => p),
      payment_status: holds.paymentStatusOf(data.type, now()),
      cancelled_at: null,
    };
    orders.push(order);
    holds.created(order);
    return { status: 201, body: { data: order } };
  }

  function getOrder(orderId: string) {
    const order = orders.find((o) => o.id === orderId);
    if (!order) return notFound('The order does not exist.');
    return { status: 200, body: { data: holds.read(order) } };
  }

  /** POST /air/payments: a held order paid from the balance (./duffel-hold-payments.ts). */
  function createPayment(data: Loose) {
    const order = orders.find((o) => o.id === data.order_id);
    return order ? holds.pay(order, data) : notFound('The order does not exist.');
  }

  const cancelling = orderCancellationCalls({
    orders,
    cancellations,
    terms: () => knobs.quoteTerms,
    now,
    notFound,
    failsAfterCancelling: () => {
      const status = knobs.failsAfterCancelling;
      knobs.failsAfterCancelling = null;
      return status;
    },
  });

  /** GET /air/airline_initiated_changes?order_id=: the changes (of one order), as Duffel lists them. */
  function listChanges(query: URLSearchParams) {
    const orderId = query.get('order_id');
    return { status: 200, body: { data: changes.filter((c) => !orderId || c.order_id === orderId) } };
  }

  /** POST /air/airline_initiated_changes/:id/actions/accept: once, while `accept` is an available action. */
  function acceptChange(changeId: string) {
    const change = changes.find((c) => c.id === changeId);
    if (!change) return notFound('The change does not exist.');
    if (!change.available_actions.includes('accept'))
      return failure(
        422,
        'invalid_state_error',
        'invalid_state',
        'Invalid state',
        'This airline-initiated change cannot be accepted.',
      );
    change.action_taken = 'accepted';
    change.action_taken_at = now().toISOString();
    change.updated_at = change.action_taken_at;
    change.available_actions = [];
    return { status: 200, body: { data: change } };
  }

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
          'x-request-id': id('req'),
          ...headers,
        });
        response.end(JSON.stringify(payload));
      };
      const wait = knobs.delayMs + afterMs;
      if (wait > 0) setTimeout(send, wait).unref();
      else send();
    };
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      const f = failure(
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
      const f = failure(
        403,
        'authentication_error',
        'forbidden',
        'Forbidden',
        'The access token lacks permission.',
      );
      return answer(f.status, f.body);
    }
    if (request.headers['duffel-version'] !== 'v2') {
      const f = failure(
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
      const f = failure(
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
        result = failure(
          422,
          'validation_error',
          'invalid_data',
          'Invalid data',
          'The body must be { "data": … }.',
        );
      else {
        const searched = offerRequest(body.data as Loose, url.searchParams);
        return answer(searched.status, searched.body, searched.afterMs);
      }
    } else if (request.method === 'GET' && offerPath) {
      result = getOffer(offerPath[1]!, url.searchParams.get('return_available_services') === 'true');
    } else if (request.method === 'POST' && url.pathname === '/air/orders') {
      const fault = knobs.dropAfterCreate ? { kind: 'drop_after_create' as const } : knobs.createFault;
      knobs.createFault = null;
      knobs.dropAfterCreate = false;
      const made = createWithFault(fault, () => createOrder((body?.data ?? {}) as Loose), orders, accepted);
      if (made === 'drop') return request.socket.destroy();
      result = made;
    } else if (request.method === 'GET' && url.pathname === '/air/orders') {
      result = listOrdersAnyOrder(
        orders.map((o) => holds.read(o, false)),
        url.searchParams,
      );
    } else if (request.method === 'GET' && /^\/air\/orders\/ord_[A-Za-z0-9]+$/.test(url.pathname)) {
      result = getOrder(url.pathname.slice('/air/orders/'.length));
    } else if (request.method === 'POST' && url.pathname === '/air/payments') {
      result = createPayment((body?.data ?? {}) as Loose);
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
      result = listChanges(url.searchParams);
    } else if (request.method === 'POST' && acceptPath) {
      result = acceptChange(acceptPath[1]!);
    } else {
      result = notFound();
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
    airlineChange(orderId: string, minutes: number) {
      const order = orders.find((o) => o.id === orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const shift = (wall: string) => {
        const at = new Date(Date.parse(`${wall}Z`) + minutes * 60_000).toISOString();
        return at.slice(0, 19);
      };
      const removed = order.slices as Loose[];
      const added = removed.map((slice) => ({
        ...slice,
        id: id('sli'),
        segments: (slice.segments as Loose[]).map((seg) => ({
          ...seg,
          id: id('seg'),
          departing_at: shift(seg.departing_at),
          arriving_at: shift(seg.arriving_at),
        })),
      }));
      order.slices = added;
      const change = {
        id: id('aic'),
        order_id: order.id,
        action_taken: null,
        action_taken_at: null,
        available_actions: ['accept', 'cancel', 'change'],
        added,
        removed,
        travel_agent_ticket: null,
        created_at: now().toISOString(),
        updated_at: now().toISOString(),
      };
      changes.push(change);
      return change;
    },
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
      const object = { id: id('ord'), offer_id: order.offer_id, metadata: order.metadata };
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
