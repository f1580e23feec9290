/**
 * Duffel's offers into ours (docs/decisions/0017-duffel-supplier.md lists every field relied on; our search into
 * Duffel's offer request is ./passengers.ts). Pure: no I/O, no clock.
 */
import type { Offer as DuffelOffer, OfferSliceSegment } from '@duffel/api/types';
import type { FareConditions } from '@parvoz/core/fare-rules';
import { greatCircleKm } from '@parvoz/core/geo';
import {
  convertMoney,
  fromMajorString,
  isCurrencyCode,
  money,
  shareInProportion,
  toMajorString,
  type CurrencyCode,
  type ExchangeRates,
  type Money,
} from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import { passengerList, type PassengerCounts } from '@parvoz/core/passengers';
import type { BaggageAllowance, FareFamily } from '@parvoz/core/pricing';
import { formatDuration, formatLocalIso, timeZone } from '@parvoz/core/schedule-time';
import type {
  CabinClass,
  LuggageService,
  Offer,
  OfferSegment,
  OfferSlice,
  PassengerType,
  PriceBreakdownItem,
} from '@parvoz/core/search-types';
import { encodeDuffelOfferId } from './offer-id.ts';
import { identityDocumentsFor } from './passengers.ts';
import { ourPassengerIndexes, ourPassengerType } from './offer-passengers.ts';

/** Duffel gives bag quantities only: the weights shown per bag (to verify per airline, decision 0017). */
export const CHECKED_BAG_KG = 23;
export const CABIN_BAG_KG = 8;

export interface MapContext {
  network: Network;
  rates: ExchangeRates;
  /** Display currency of the search (or of the re-pricing). */
  currency: CurrencyCode;
  secret: string | Buffer;
  /** Our offer expires no later than Duffel's, and no later than this (our offer lifetime). */
  latestExpiry: number;
  /** When it was searched, kept in our id (offer-id.ts). */
  searchedAt: number;
}

export type MappedOffer =
  { ok: true; offer: Offer; conditions: FareConditions } | { ok: false; reason: string };

const MINUTE_MS = 60_000;

/** UTC instant of Duffel's wall-clock time ("2026-12-15T08:40:00", no offset) at an airport's zone. */
function instantOf(wallClock: string, zone: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(wallClock);
  if (!m) return null;
  const localMs = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}Z`);
  if (Number.isNaN(localMs)) return null;
  return timeZone(zone).toUtc(localMs);
}

/** Duffel's wall-clock time at a zone as our local ISO time with its offset; as given when it cannot be read. */
export function localWithOffset(wallClock: string, zone: string | null | undefined): string {
  if (!zone) return wallClock;
  const utc = instantOf(wallClock, zone);
  return utc === null ? wallClock : formatLocalIso(utc, timeZone(zone).offsetAt(utc));
}

/** Our cabin of Duffel's cabin class (premium economy is sold as economy, first as business). */
export function ourCabin(cabin: string | undefined): CabinClass {
  return cabin === 'business' || cabin === 'first' ? 'business' : 'economy';
}

function convert(amount: string | null, currency: string | null, to: CurrencyCode, rates: ExchangeRates) {
  if (amount === null || !isCurrencyCode(currency)) return null;
  const m = fromMajorString(amount, currency);
  return m ? convertMoney(m, to, rates) : null;
}

/** Our conditions from Duffel's: unknown (null) is shown as not refundable; the penalty in our currency. */
export function conditionsOf(d: DuffelOffer, currency: CurrencyCode, rates: ExchangeRates): FareConditions {
  const refund = d.conditions?.refund_before_departure ?? null;
  const notRefundable: FareConditions = {
    refund_before_departure: {
      allowed: false,
      penalty_amount: null,
      penalty_currency: null,
      taxes_refundable: true,
    },
  };
  if (!refund || !refund.allowed) return notRefundable;
  if (refund.penalty_amount === null)
    return {
      refund_before_departure: {
        allowed: true,
        penalty_amount: null,
        penalty_currency: null,
        taxes_refundable: true,
      },
    };
  const penalty = convert(refund.penalty_amount, refund.penalty_currency, currency, rates);
  if (!penalty) return notRefundable;
  return {
    refund_before_departure: {
      allowed: true,
      penalty_amount: toMajorString(penalty),
      penalty_currency: currency,
      taxes_refundable: true,
    },
  };
}

/**
 * Our `flight_key` of a Duffel segment: carrier, flight number and local departure date (its airport's `zone`, or
 * the network's when Duffel names none), the key the seat maps (./seat-maps.ts) give the same flight.
 */
export function flightKeyOf(s: OfferSliceSegment, zone: string | undefined): string {
  const number = String(s.marketing_carrier_flight_number ?? '').replace(/^0+/, '');
  const departing = localWithOffset(s.departing_at, zone);
  return `${s.marketing_carrier?.iata_code ?? ''}${number}-${departing.slice(0, 10)}`;
}

function segmentOf(
  net: Network,
  s: OfferSliceSegment,
  previousArrival: number | null,
): { segment: OfferSegment; departUtc: number; arriveUtc: number } | string {
  const from = s.origin?.iata_code ? net.airport(s.origin.iata_code) : undefined;
  const to = s.destination?.iata_code ? net.airport(s.destination.iata_code) : undefined;
  if (!from || !to) return 'unknown_airport';
  const carrier = s.marketing_carrier?.iata_code;
  if (!carrier || !/^[A-Z0-9]{2}$/.test(carrier)) return 'unknown_airline';
  const number = String(s.marketing_carrier_flight_number ?? '').replace(/^0+/, '');
  if (!/^[1-9]\d{0,3}$/.test(number)) return 'bad_flight_number';
  const fromZone = s.origin.time_zone || from.tz;
  const toZone = s.destination.time_zone || to.tz;
  const departUtc = instantOf(s.departing_at, fromZone);
  const arriveUtc = instantOf(s.arriving_at, toZone);
  if (departUtc === null || arriveUtc === null || arriveUtc <= departUtc) return 'bad_times';
  const fromOffset = timeZone(fromZone).offsetAt(departUtc);
  const toOffset = timeZone(toZone).offsetAt(arriveUtc);
  const departing = formatLocalIso(departUtc, fromOffset);
  const distance = Number(s.distance);
  const segment: OfferSegment = {
    flight_key: flightKeyOf(s, fromZone),
    origin: from.iata,
    destination: to.iata,
    departing_at: departing,
    arriving_at: formatLocalIso(arriveUtc, toOffset),
    duration: formatDuration((arriveUtc - departUtc) / MINUTE_MS),
    marketing_carrier: { iata_code: carrier, name: net.airline(carrier)?.name ?? s.marketing_carrier.name },
    flight_number: number,
    aircraft: {
      iata_code: s.aircraft?.iata_code ?? '',
      name: s.aircraft?.name ?? (s.aircraft?.iata_code ? net.aircraftName(s.aircraft.iata_code) : ''),
    },
    cabin_class: ourCabin(s.passengers?.[0]?.cabin_class),
    distance_km:
      s.distance !== null && Number.isFinite(distance) && distance > 0
        ? Math.round(distance)
        : Math.round(greatCircleKm(from.lat, from.lon, to.lat, to.lon)),
  };
  if (previousArrival !== null) {
    const gap = (departUtc - previousArrival) / MINUTE_MS;
    if (gap < 0) return 'bad_times';
    segment.connection_minutes = Math.round(gap);
  }
  return { segment, departUtc, arriveUtc };
}

/** The least allowance over every segment, for the first passenger (what holds for the whole trip). */
function baggageOf(d: DuffelOffer): BaggageAllowance {
  let checked = Infinity;
  let cabin = Infinity;
  for (const slice of d.slices)
    for (const seg of slice.segments) {
      const bags = seg.passengers?.[0]?.baggages ?? [];
      checked = Math.min(
        checked,
        bags.filter((b) => b.type === 'checked').reduce((n, b) => n + b.quantity, 0),
      );
      cabin = Math.min(
        cabin,
        bags.filter((b) => b.type === 'carry_on').reduce((n, b) => n + b.quantity, 0),
      );
    }
  const c = Number.isFinite(checked) ? checked : 0;
  const h = Number.isFinite(cabin) ? cabin : 0;
  return {
    cabin: { quantity: h, weight_kg: h ? CABIN_BAG_KG : 0 },
    checked: { quantity: c, weight_kg: c ? CHECKED_BAG_KG : 0 },
  };
}

/** Our luggage ids are `lug_<n>` (the booking body's pattern allows two digits). */
const MAX_LUGGAGE_OPTIONS = 100;
/** Of one bag an airline sells several of, the most offered per passenger and slice (a form stays readable). */
const MAX_BAGS_OF_ONE_SERVICE = 3;

/**
 * The extra checked bags Duffel sells with the offer (`available_services` of type `baggage`, metadata `type:
 * checked`; listed only by `GET /air/offers/:id?return_available_services=true`) as our luggage options: one per
 * passenger and slice, for that passenger only (`passenger_index`: Duffel's passengers by type in order, as the
 * booking sends them), priced per bag in the display currency, Duffel's exact price kept in `supplier`. A service
 * over every slice of a one-slice offer is that slice's; one over several slices (a round trip's whole journey)
 * is not sold, nor a carry-on bag, one for an infant, several passengers, or a currency we do not know. A service
 * sold up to `maximum_quantity` times gives that many options (at most three), the second and third numbered
 * (`bag_number`); the order sends Duffel the service once with the quantity ticked.
 * Ordered by passenger, slice, Duffel's id and bag, so the same services always get the same `lug_<n>`.
 */
export function luggageOf(d: DuffelOffer, currency: CurrencyCode, rates: ExchangeRates): LuggageService[] {
  const ours = ourPassengerIndexes(d);
  const sliceOf = new Map<string, number>();
  d.slices.forEach((slice, i) => slice.segments.forEach((seg) => sliceOf.set(seg.id, i)));
  const options: {
    passenger: number;
    slice: number;
    duffelId: string;
    bag: number;
    service: LuggageService;
  }[] = [];
  for (const a of d.available_services ?? []) {
    if (a.type !== 'baggage' || a.metadata?.type !== 'checked' || a.passenger_ids?.length !== 1) continue;
    const passenger = ours.get(a.passenger_ids[0]!);
    if (!passenger || passenger.type === 'infant' || !(a.maximum_quantity >= 1)) continue;
    const slices = new Set(a.segment_ids?.map((id) => sliceOf.get(id) ?? -1));
    const slice = [...slices][0];
    if (slices.size !== 1 || slice === undefined || slice < 0) continue;
    // The bag must cover the whole slice: a bag on only some of its flights cannot be shown as "outbound".
    if (d.slices[slice]!.segments.some((seg) => !a.segment_ids.includes(seg.id))) continue;
    if (!isCurrencyCode(a.total_currency)) continue;
    const price = fromMajorString(a.total_amount, a.total_currency);
    if (!price || price.amount <= 0) continue;
    for (let bag = 1; bag <= Math.min(a.maximum_quantity, MAX_BAGS_OF_ONE_SERVICE); bag++)
      options.push({
        passenger: passenger.index,
        slice,
        duffelId: a.id,
        bag,
        service: {
          ...(bag > 1 ? { bag_number: bag } : {}),
          id: '',
          type: 'baggage',
          slice_index: slice,
          weight_kg: a.metadata.maximum_weight_kg ?? CHECKED_BAG_KG,
          amount: toMajorString(convertMoney(price, currency, rates)),
          currency,
          passenger_types: [passenger.type],
          passenger_index: passenger.index,
          supplier: {
            service_id: a.id,
            amount: a.total_amount,
            currency: a.total_currency,
            maximum_quantity: a.maximum_quantity,
          },
        },
      });
  }
  options.sort(
    (x, y) =>
      x.passenger - y.passenger ||
      x.slice - y.slice ||
      (x.duffelId === y.duffelId ? x.bag - y.bag : x.duffelId < y.duffelId ? -1 : 1),
  );
  return options.slice(0, MAX_LUGGAGE_OPTIONS).map((o, i) => ({ ...o.service, id: `lug_${i}` }));
}

/** A Duffel offer as ours, or why it cannot be shown (unknown place, airline, currency; malformed times). */
export function mapDuffelOffer(d: DuffelOffer, ctx: MapContext): MappedOffer {
  const { network: net, rates, currency } = ctx;
  // An offer the airline will not hold is sold too, booked at the airline once the traveller has paid
  // (docs/decisions/0017): it is marked, so the booking page can say the seats are not held until then.
  const instantOnly = d.payment_requirements?.requires_instant_payment === true;
  if (!isCurrencyCode(d.total_currency)) return { ok: false, reason: 'unknown_currency' };
  // It requires a document the booking form does not collect: the site could not book it.
  if (identityDocumentsFor(d) === 'unsupported') return { ok: false, reason: 'identity_documents' };
  const totalIn: Money | null = fromMajorString(d.total_amount, d.total_currency);
  if (!totalIn || totalIn.amount <= 0) return { ok: false, reason: 'bad_amount' };
  // Extra bags are booked at the airline only once paid (no hold with bags): marked for the booking page too.
  const services = luggageOf(d, currency, rates);
  const taxIn =
    d.tax_amount !== null && d.tax_currency === d.total_currency
      ? fromMajorString(d.tax_amount, d.total_currency)
      : money(0, d.total_currency);
  if (!taxIn || taxIn.amount > totalIn.amount) return { ok: false, reason: 'bad_amount' };
  const total = convertMoney(totalIn, currency, rates);
  const tax = convertMoney(taxIn, currency, rates);

  const slices: OfferSlice[] = [];
  for (const slice of d.slices) {
    if (!slice.segments?.length) return { ok: false, reason: 'empty_slice' };
    const segments: OfferSegment[] = [];
    let first: number | null = null;
    let last: number | null = null;
    for (const s of slice.segments) {
      const mapped = segmentOf(net, s, last);
      if (typeof mapped === 'string') return { ok: false, reason: mapped };
      first ??= mapped.departUtc;
      last = mapped.arriveUtc;
      segments.push(mapped.segment);
    }
    const minutes = Math.round((last! - first!) / MINUTE_MS);
    slices.push({
      origin: segments[0]!.origin,
      destination: segments[segments.length - 1]!.destination,
      departing_at: segments[0]!.departing_at,
      arriving_at: segments[segments.length - 1]!.arriving_at,
      duration: formatDuration(minutes),
      duration_minutes: minutes,
      transfers: segments.length - 1,
      segments,
    });
  }
  if (slices.length === 0) return { ok: false, reason: 'empty_offer' };

  const counts: PassengerCounts = { adults: 0, children: 0, infants: 0 };
  for (const p of d.passengers ?? []) {
    const type = ourPassengerType(p.type, p.age);
    if (type === 'adult') counts.adults++;
    else if (type === 'child') counts.children++;
    else counts.infants++;
  }
  if (counts.adults === 0) return { ok: false, reason: 'no_adults' };

  const cabin = slices[0]!.segments[0]!.cabin_class;
  const conditions = conditionsOf(d, currency, rates);
  const refundable = conditions.refund_before_departure.allowed;
  const family: FareFamily =
    cabin === 'business' ? (refundable ? 'business_flex' : 'business') : refundable ? 'standard' : 'light';
  const duffelExpiry = Date.parse(d.expires_at);
  const expiresAt = Math.min(Number.isNaN(duffelExpiry) ? ctx.latestExpiry : duffelExpiry, ctx.latestExpiry);
  const id = encodeDuffelOfferId(
    { offer: d.id, currency, expiresAt, searchedAt: ctx.searchedAt },
    ctx.secret,
  );
  const baggage = baggageOf(d);

  // Duffel prices the offer as a whole: base and tax are split evenly per passenger, by type.
  const types = (['adult', 'child', 'infant'] as const).filter(
    (t) => counts[t === 'adult' ? 'adults' : t === 'child' ? 'children' : 'infants'] > 0,
  );
  const countOf = (t: PassengerType) =>
    counts[t === 'adult' ? 'adults' : t === 'child' ? 'children' : 'infants'] ?? 0;
  const weights = types.map(countOf);
  const fares = shareInProportion(total.amount - tax.amount, weights);
  const taxes = shareInProportion(tax.amount, weights);
  const zero = toMajorString(money(0, currency));
  const breakdown: PriceBreakdownItem[] = types.map((t, i) => ({
    passenger_type: t,
    count: countOf(t),
    fare_amount: toMajorString(money(fares[i]!, currency)),
    tax_amount: toMajorString(money(taxes[i]!, currency)),
    luggage_amount: zero,
    total_amount: toMajorString(money(fares[i]! + taxes[i]!, currency)),
    currency,
  }));
  const ownerCode = slices[0]!.segments[0]!.marketing_carrier;
  const offer: Offer = {
    id,
    total_amount: toMajorString(total),
    total_currency: currency,
    base_amount: toMajorString(money(total.amount - tax.amount, currency)),
    tax_amount: toMajorString(tax),
    expires_at: new Date(expiresAt).toISOString(),
    slices,
    passengers: passengerList(counts),
    cabin_class: cabin,
    fare_family: family,
    baggage,
    price_breakdown: breakdown,
    fare_families: [
      {
        fare_family: family,
        offer_id: id,
        total_amount: toMajorString(total),
        total_currency: currency,
        baggage,
      },
    ],
    available_services: services,
    owner: d.owner?.iata_code
      ? { iata_code: d.owner.iata_code, name: net.airline(d.owner.iata_code)?.name ?? d.owner.name }
      : ownerCode,
    ...(instantOnly
      ? { payment_requirements: { requires_instant_payment: true as const } }
      : services.length > 0
        ? { payment_requirements: { instant_with_services: true as const } }
        : {}),
  };
  return { ok: true, offer, conditions };
}
