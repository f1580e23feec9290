/**
 * The supplier's answers in wire form (search-types.ts): offers with their price breakdowns, fare
 * families and signed ids, and the facets (filters) of a list of offers.
 */
import {
  convertMoney,
  fromMajorString,
  money,
  toMajorString,
  type CurrencyCode,
  type ExchangeRates,
} from './money.ts';
import type { Network } from './network.ts';
import { encodeOfferFamilies } from './offers.ts';
import { passengerList, type PassengerCounts } from './passengers.ts';
import {
  addBreakdowns,
  baggageAllowance,
  convertBreakdown,
  familyOfTier,
  fareFamiliesOf,
  fareTier,
  luggagePriceCents,
  priceBreakdown,
  type FareFamily,
  type PriceBreakdown,
} from './pricing.ts';
import type { Cabin } from './schedule.ts';
import { MINUTE_MS, formatDuration } from './schedule-time.ts';
import type { Itinerary } from './search.ts';
import type { FacetTimeRange, Offer, OfferSlice, SearchFacets } from './search-types.ts';

/** What offers are made with: names from the network, display-currency rates, the secret of offer ids. */
export interface OfferContext {
  network: Network;
  rates: ExchangeRates;
  secret: string | Buffer;
}

const major = (cents: number, currency: CurrencyCode): string => toMajorString(money(cents, currency));

/** The wire form of one slice's itinerary. */
function offerSlice(net: Network, it: Itinerary, cabin: Cabin): OfferSlice {
  const first = it.flights[0]!;
  const last = it.flights[it.flights.length - 1]!;
  return {
    origin: first.origin,
    destination: last.destination,
    departing_at: first.departLocal,
    arriving_at: last.arriveLocal,
    duration: formatDuration(it.durationMinutes),
    duration_minutes: it.durationMinutes,
    transfers: it.transfers,
    segments: it.flights.map((f, i) => {
      const prev = it.flights[i - 1];
      return {
        flight_key: f.key,
        origin: f.origin,
        destination: f.destination,
        departing_at: f.departLocal,
        arriving_at: f.arriveLocal,
        duration: formatDuration(f.durationMinutes),
        marketing_carrier: { iata_code: f.carrier, name: net.airline(f.carrier)?.name ?? f.carrier },
        flight_number: String(f.number),
        aircraft: { iata_code: f.aircraft, name: net.aircraftName(f.aircraft) },
        cabin_class: cabin,
        distance_km: f.distanceKm,
        ...(prev ? { connection_minutes: Math.round((f.departUtc - prev.arriveUtc) / MINUTE_MS) } : {}),
      };
    }),
  };
}

/** The price breakdown of the itineraries together, in `currency`. */
export function breakdownOf(
  rates: ExchangeRates,
  its: readonly Itinerary[],
  family: FareFamily,
  passengers: PassengerCounts,
  currency: CurrencyCode,
): PriceBreakdown {
  let total: PriceBreakdown | null = null;
  for (const it of its) {
    const b = priceBreakdown(it.prices[fareTier(family)], passengers);
    total = total ? addBreakdowns(total, b) : b;
  }
  return convertBreakdown(total!, currency, rates);
}

/**
 * An offer of a fare family, with its signed id and those of the cabin's other families. A family of the
 * other cabin (an old link, an economy default) means the cabin's family of the same tier.
 */
export function buildOffer(
  oc: OfferContext,
  its: readonly Itinerary[],
  asked: FareFamily,
  cabin: Cabin,
  passengers: PassengerCounts,
  currency: CurrencyCode,
  searchedAt: number,
  expiresAt: number,
  /** Slices already made by this search: an itinerary in many offers (a round trip's) is made once. */
  sliceCache?: Map<Itinerary, OfferSlice>,
): Offer {
  const { network: net, rates, secret } = oc;
  const family = familyOfTier(cabin, fareTier(asked));
  const cabinFamilies = fareFamiliesOf(cabin);
  const families = cabinFamilies.map((f) => ({
    f,
    b: f === family ? null : breakdownOf(rates, its, f, passengers, currency),
  }));
  const breakdown = breakdownOf(rates, its, family, passengers, currency);
  // Every family's id at once: they differ only in the family.
  const ids = encodeOfferFamilies(
    {
      slices: its.map((it) => it.keys),
      cabin,
      passengers,
      fareFamily: family,
      searchedAt,
      expiresAt,
      currency,
    },
    cabinFamilies,
    secret,
  );
  const id = ids[cabinFamilies.indexOf(family)]!;
  const seatsLeft = Math.min(...its.map((it) => it.seatsLeft));
  const first = its[0]!.flights[0]!;
  const offer: Offer = {
    id,
    total_amount: toMajorString(breakdown.total),
    total_currency: currency,
    base_amount: toMajorString(breakdown.fare),
    tax_amount: toMajorString(breakdown.taxes),
    expires_at: new Date(expiresAt).toISOString(),
    slices: its.map((it): OfferSlice => {
      const known = sliceCache?.get(it);
      if (known) return known;
      const slice = offerSlice(net, it, cabin);
      sliceCache?.set(it, slice);
      return slice;
    }),
    passengers: passengerList(passengers),
    cabin_class: cabin,
    fare_family: family,
    baggage: baggageAllowance(family),
    price_breakdown: breakdown.lines.map((l) => ({
      passenger_type: l.type,
      count: l.count,
      fare_amount: toMajorString(l.fare),
      tax_amount: toMajorString(l.taxes),
      luggage_amount: toMajorString(l.luggage),
      total_amount: toMajorString(l.total),
      currency,
    })),
    fare_families: families.map(({ f, b }, i) => ({
      fare_family: f,
      offer_id: ids[i]!,
      total_amount: toMajorString((b ?? breakdown).total),
      total_currency: currency,
      baggage: baggageAllowance(f),
    })),
    available_services: its.map((it, i) => ({
      id: `lug_${i}`,
      type: 'baggage' as const,
      slice_index: i,
      weight_kg: 23,
      amount: toMajorString(convertMoney(money(luggagePriceCents(it.distanceKm), 'USD'), currency, rates)),
      currency,
      passenger_types: ['adult', 'child'],
    })),
    owner: { iata_code: first.carrier, name: net.airline(first.carrier)?.name ?? first.carrier },
  };
  if (seatsLeft < 10) offer.seats_left = seatsLeft;
  return offer;
}

/** The filters of a list of offers, by total price in `currency`. */
export function offerFacets(
  net: Network,
  offers: readonly Offer[],
  sliceCount: number,
  currency: CurrencyCode,
): SearchFacets {
  const transfers = new Map<number, number>();
  const airlines = new Map<string, number>();
  let min = Infinity;
  let max = -Infinity;
  const dep: { lo: [number, string] | null; hi: [number, string] | null }[] = [];
  const arr: { lo: [number, string] | null; hi: [number, string] | null }[] = [];
  for (let i = 0; i < sliceCount; i++) {
    dep.push({ lo: null, hi: null });
    arr.push({ lo: null, hi: null });
  }
  const widen = (r: { lo: [number, string] | null; hi: [number, string] | null }, iso: string): void => {
    const t = Date.parse(iso);
    if (!r.lo || t < r.lo[0]) r.lo = [t, iso];
    if (!r.hi || t > r.hi[0]) r.hi = [t, iso];
  };
  for (const o of offers) {
    const cents = fromMajorString(o.total_amount, currency)!.amount;
    min = Math.min(min, cents);
    max = Math.max(max, cents);
    const t = Math.max(...o.slices.map((s) => s.transfers));
    transfers.set(t, Math.min(transfers.get(t) ?? Infinity, cents));
    for (const s of o.slices)
      for (const seg of s.segments)
        airlines.set(
          seg.marketing_carrier.iata_code,
          Math.min(airlines.get(seg.marketing_carrier.iata_code) ?? Infinity, cents),
        );
    o.slices.forEach((s, i) => {
      widen(dep[i]!, s.departing_at);
      widen(arr[i]!, s.arriving_at);
    });
  }
  const range = (r: { lo: [number, string] | null; hi: [number, string] | null }): FacetTimeRange | null =>
    r.lo && r.hi ? { earliest: r.lo[1], latest: r.hi[1] } : null;
  return {
    currency,
    transfers: [...transfers]
      .sort((a, b) => a[0] - b[0])
      .map(([count, p]) => ({ count, min_price: major(p, currency) })),
    price: offers.length ? { min: major(min, currency), max: major(max, currency) } : null,
    airlines: [...airlines]
      .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
      .map(([code, p]) => ({
        iata_code: code,
        name: net.airline(code)?.name ?? code,
        min_price: major(p, currency),
      })),
    slices: dep.map((d, i) => ({ departure: range(d), arrival: range(arr[i]!) })),
  };
}
