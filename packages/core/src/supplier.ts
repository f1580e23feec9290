/**
 * Supplier boundary (docs/design.md §3): search and price go through `FlightSupplier`, so a real GDS/NDC
 * aggregator can be plugged in later. `createBuiltinSupplier` serves the deterministic schedule.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_RATES, isCurrencyCode, type CurrencyCode, type ExchangeRates } from './money.ts';
import { buildNetwork, type Network, type NetworkFile } from './network.ts';
import { DEFAULT_OFFER_TTL_MS, decodeOffer, encodeOffer, type OfferPayload } from './offers.ts';
import { passengerList, seatedPassengers, type PassengerCounts } from './passengers.ts';
import { familyOfTier, fareFamiliesOf, fareTier, type FareFamily } from './pricing.ts';
import { buildSchedule, type Cabin } from './schedule.ts';
import type { PriceRule } from './price-rules.ts';
import { MINUTE_MS } from './schedule-time.ts';
import {
  createSearchEngine,
  type EngineOptions,
  type Itinerary,
  type SearchEngine,
  type SoldSeatsFn,
  type SortOrder,
} from './search.ts';
import { ENGINE_DEFAULTS, MAX_SLICES } from './search-config.ts';
import type {
  FlightSearchData,
  FlightSearchRequest,
  Offer,
  OfferSlice,
  SupplierError,
  SupplierErrorCode,
  SupplierResult,
} from './search-types.ts';
import { buildOffer, offerFacets, type OfferContext } from './supplier-offers.ts';
import { createLowFares, type DateGridData, type DateGridQuery } from './supplier-calendar.ts';

export type { DateGridCell, DateGridData, DateGridQuery } from './supplier-calendar.ts';

/**
 * A supplier call that got no answer in its time (a supplier's own deadline): a search counts it as late, like its
 * time budget running out, not as an error.
 */
export class SupplierNoAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SupplierNoAnswer';
  }
}

export interface SupplierContext {
  /** Time of the call (epoch ms); core never reads the clock itself. */
  now: number;
  /**
   * The market the traveller buys in: the site language (`en`, `ru`, `uz`, `tr`), for the agency's price rules
   * scoped to markets (packages/core/src/price-rules.ts). Absent: no market, and such rules apply to none.
   */
  market?: string;
  /** Seats sold per flight and cabin (a cached view of the inventory table). Default: none sold. */
  soldSeats?: SoldSeatsFn;
}

export interface FlightSupplier {
  readonly id: string;
  search(request: FlightSearchRequest, ctx: SupplierContext): Promise<SupplierResult<FlightSearchData>>;
  /**
   * Re-prices an offer now (seats and load may have changed); `currency` overrides the offer's. `promo`: a promo
   * code's discount rule, priced after the agency's rules where they are applied (apps/api/src/modules/pricing).
   * `bornOn`: the travellers' birth dates at booking, for a supplier that prices by age (Duffel asks for
   * under-18s' ages): it may answer another offer (another id) for the same flights, priced for them.
   */
  price(
    offerId: string,
    ctx: SupplierContext & { currency?: CurrencyCode; promo?: PriceRule; bornOn?: readonly string[] },
  ): Promise<SupplierResult<Offer>>;
  /** A fresh offer (new id and expiry, priced now) for flights chosen earlier, e.g. from a shared link. */
  reprice(request: RepriceRequest, ctx: SupplierContext): Promise<SupplierResult<Offer>>;
  /** Optional for suppliers that hold/ticket remotely (the built-in one keeps inventory in PostgreSQL). */
  hold?(offerId: string, ctx: SupplierContext): Promise<SupplierResult<{ reference: string }>>;
  cancel?(reference: string, ctx: SupplierContext): Promise<SupplierResult<null>>;
  /**
   * When an offer of this supplier was searched, read from its id: the agency's price rules of that moment price
   * it again at its page and its booking (docs/decisions/0025-price-rules-stacking-and-rounding.md). Undefined when
   * the id does not say.
   */
  searchedAt?(offerId: string, now: number): number | undefined;
}

export interface RepriceRequest {
  /** Flight keys per slice, as in `OfferSegment.flight_key`. */
  slices: string[][];
  cabin_class: Cabin;
  passengers: PassengerCounts;
  fare_family: FareFamily;
  currency: CurrencyCode;
}

export interface BuiltinSupplierOptions {
  /** Schedule seed (same seed → same flights on every instance). */
  seed: string | number;
  /** HMAC secret for offer ids. */
  secret: string | Buffer;
  /** Display-currency rates per 1 USD. Default DEFAULT_RATES. */
  rates?: ExchangeRates;
  /** Offer lifetime after the search. Default 20 minutes. */
  offerTtlMs?: number;
  engineOptions?: EngineOptions;
  /** Reuse an engine already built (must be over the same network and seed). */
  engine?: SearchEngine;
}

/** One adult's cheapest one-way total per day (GET /v1/flights/calendar). */
export interface CalendarQuery {
  origin: string;
  destination: string;
  from: string;
  days: number;
  cabin_class: Cabin;
  max_connections: number;
  currency: CurrencyCode;
  /** Whose total (default one adult). */
  passengers?: PassengerCounts;
  /**
   * A round trip: the return leaves this many days after each day's departure, and a day's amount is the
   * cheapest round trip's total (what that day's round-trip search shows first by price).
   */
  return_after?: number;
  /** The market the days are priced for (SupplierContext `market`): the agency's rules scoped to markets. */
  lang?: string;
}

export interface CalendarData {
  currency: CurrencyCode;
  connected: boolean;
  days: { date: string; min_amount: string | null }[];
}

export interface BuiltinSupplier extends FlightSupplier {
  readonly engine: SearchEngine;
  /** Per-day minima as the search's cheapest offer shows them (same breakdown, same currency conversion). */
  lowestFares(query: CalendarQuery, ctx: SupplierContext): SupplierResult<CalendarData>;
  /** The flexible dates' grid of a round trip: departures × returns −3…+3 days around the asked ones. */
  dateGrid(query: DateGridQuery, ctx: SupplierContext): SupplierResult<DateGridData>;
}

const MESSAGES: Record<SupplierErrorCode, string> = {
  invalid_request: 'The search request is not valid.',
  unknown_origin: 'Unknown origin airport or city.',
  unknown_destination: 'Unknown destination airport or city.',
  same_origin_destination: 'Origin and destination must differ.',
  invalid_date: 'The date does not exist.',
  date_out_of_range: 'The date is outside the bookable range.',
  return_before_departure: 'The return must be on or after the departure.',
  invalid_passengers: 'Passenger counts are not valid.',
  no_adults: 'At least one adult is required.',
  too_many_passengers: 'At most 9 passengers with a seat.',
  too_many_infants: 'At most one infant per adult.',
  offer_not_found: 'Offer not found.',
  offer_expired: 'Too much time has passed, the ticket has expired. Please try again',
  offer_unavailable: 'The seats of this offer are no longer available.',
};

function failure<T>(code: SupplierErrorCode, field?: string): SupplierResult<T> {
  const error: SupplierError = { code, message: MESSAGES[code] };
  if (field !== undefined) error.field = field;
  return { ok: false, error };
}

function isPassengerCounts(p: unknown): p is PassengerCounts {
  if (typeof p !== 'object' || p === null) return false;
  const o = p as Record<string, unknown>;
  return (
    typeof o.adults === 'number' &&
    ['children', 'infants'].every((k) => o[k] === undefined || typeof o[k] === 'number')
  );
}

export function createBuiltinSupplier(
  network: Network | NetworkFile,
  options: BuiltinSupplierOptions,
): BuiltinSupplier {
  const engine =
    options.engine ??
    createSearchEngine(
      buildSchedule('routeCount' in network ? network : buildNetwork(network), { seed: options.seed }),
      options.engineOptions,
    );
  const net = engine.network;
  const rates = options.rates ?? DEFAULT_RATES;
  const ttl = options.offerTtlMs ?? DEFAULT_OFFER_TTL_MS;
  const secret = options.secret;

  const offerContext: OfferContext = { network: net, rates, secret };
  const minStayMs = (options.engineOptions?.minStayMinutes ?? ENGINE_DEFAULTS.minStayMinutes) * MINUTE_MS;

  async function search(
    request: FlightSearchRequest,
    ctx: SupplierContext,
  ): Promise<SupplierResult<FlightSearchData>> {
    if (typeof request !== 'object' || request === null || !Array.isArray(request.slices))
      return failure('invalid_request', 'slices');
    for (const [i, s] of request.slices.entries()) {
      if (typeof s !== 'object' || s === null) return failure('invalid_request', `slices.${i}`);
      if (typeof s.origin !== 'string') return failure('unknown_origin', `slices.${i}.origin`);
      if (typeof s.destination !== 'string') return failure('unknown_destination', `slices.${i}.destination`);
      if (typeof s.departure_date !== 'string') return failure('invalid_date', `slices.${i}.departure_date`);
    }
    if (!isPassengerCounts(request.passengers)) return failure('invalid_passengers', 'passengers');
    const currency = request.currency ?? 'USD';
    if (!isCurrencyCode(currency)) return failure('invalid_request', 'currency');
    const sortOrder: SortOrder = request.sort ?? 'best';
    if (!['best', 'cheapest', 'fastest'].includes(sortOrder)) return failure('invalid_request', 'sort');
    const passengers: PassengerCounts = {
      adults: request.passengers.adults,
      children: request.passengers.children ?? 0,
      infants: request.passengers.infants ?? 0,
    };
    const cabin = request.cabin_class ?? 'economy';
    const now = ctx.now;
    const outcome = engine.search({
      slices: request.slices.map((s) => ({
        origin: s.origin,
        destination: s.destination,
        date: s.departure_date,
      })),
      passengers,
      cabin,
      maxConnections: request.max_connections ?? 2,
      now,
      ...(ctx.soldSeats ? { soldSeats: ctx.soldSeats } : {}),
    });
    if (!outcome.ok) return failure(outcome.error.code, outcome.error.field);
    const expiresAt = now + ttl;
    const combos = engine.sort(outcome.combinations.slice(), sortOrder);
    const sliceCache = new Map<Itinerary, OfferSlice>();
    const offers = combos.map((c) =>
      buildOffer(
        offerContext,
        c.itineraries.map((idx, s) => outcome.slices[s]!.itineraries[idx]!),
        fareFamiliesOf(cabin)[0]!,
        cabin,
        passengers,
        currency,
        now,
        expiresAt,
        sliceCache,
      ),
    );
    const id =
      'srch_' +
      createHash('sha256')
        .update(
          JSON.stringify([
            request.slices,
            passengers,
            cabin,
            request.max_connections ?? 2,
            currency,
            now,
            seatedPassengers(passengers),
          ]),
        )
        .digest('base64url')
        .slice(0, 22);
    return {
      ok: true,
      data: {
        id,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
        currency,
        cabin_class: cabin,
        passengers: passengerList(passengers),
        offers,
        facets: offerFacets(net, offers, request.slices.length, currency),
        connected: outcome.slices.every((s) => s.connected),
      },
    };
  }

  async function price(
    offerId: string,
    ctx: SupplierContext & { currency?: CurrencyCode },
  ): Promise<SupplierResult<Offer>> {
    const decoded = decodeOffer(offerId, secret, ctx.now);
    if (!decoded.ok) return failure(decoded.error);
    const o = decoded.offer;
    const its: Itinerary[] = [];
    for (const keys of o.slices) {
      const it = engine.rebuild(keys, {
        cabin: o.cabin,
        passengers: o.passengers,
        pricedAt: o.searchedAt,
        ...(ctx.soldSeats ? { soldSeats: ctx.soldSeats } : {}),
      });
      if (it === null) return failure('offer_not_found');
      if ('unavailable' in it) return failure('offer_unavailable');
      its.push(it);
    }
    // Each leg leaves after the one before it lands (a round trip's return, a multi-city trip's next leg).
    if (its.some((it, i) => i > 0 && it.departUtc <= its[i - 1]!.arriveUtc))
      return failure('offer_not_found');
    const currency = ctx.currency && isCurrencyCode(ctx.currency) ? ctx.currency : o.currency;
    return {
      ok: true,
      data: buildOffer(
        offerContext,
        its,
        o.fareFamily,
        o.cabin,
        o.passengers,
        currency,
        o.searchedAt,
        o.expiresAt,
      ),
    };
  }

  async function reprice(request: RepriceRequest, ctx: SupplierContext): Promise<SupplierResult<Offer>> {
    const passengers: PassengerCounts = {
      adults: request.passengers.adults,
      children: request.passengers.children ?? 0,
      infants: request.passengers.infants ?? 0,
    };
    if (request.slices.length < 1 || request.slices.length > MAX_SLICES)
      return failure('invalid_request', 'slices');
    const leadMs = (options.engineOptions?.minLeadMinutes ?? ENGINE_DEFAULTS.minLeadMinutes) * MINUTE_MS;
    for (const keys of request.slices) {
      const it = engine.rebuild(keys, { cabin: request.cabin_class, passengers, pricedAt: ctx.now });
      if (it === null) return failure('offer_not_found');
      if ('unavailable' in it || it.departUtc < ctx.now + leadMs) return failure('offer_unavailable');
    }
    const payload: OfferPayload = {
      slices: request.slices,
      cabin: request.cabin_class,
      passengers,
      fareFamily: familyOfTier(request.cabin_class, fareTier(request.fare_family)),
      searchedAt: ctx.now,
      expiresAt: ctx.now + ttl,
      currency: request.currency,
    };
    return price(encodeOffer(payload, secret), ctx);
  }

  const { lowestFares, dateGrid } = createLowFares({ engine, rates, minStayMs, failure });

  return { id: 'builtin', engine, search, price, reprice, lowestFares, dateGrid };
}
