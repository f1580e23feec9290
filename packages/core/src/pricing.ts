/**
 * Deterministic fares (docs/design.md §3). Everything is in USD cents (the base currency); conversion to a
 * display currency happens once, on a finished breakdown (see convertBreakdown).
 *
 * Adult fare of one flight (light fare family, whole dollars):
 *   distance fare  35 + 0.14 · km^0.9 USD  (tapering per km; concave, so splitting a trip never gets cheaper per km)
 *   × cabin        business 3–4 × economy (per flight)
 *   × demand       local departure hour (morning/evening peaks, cheap nights) and weekday
 *   × booking      days before departure: cheap ≥ 60 days, steep in the last 14 days
 *   × load         seats sold / seats in the cabin, in 10 % steps (one sale rarely moves the price)
 *   × carrier      a per-airline price level, and a small per-flight variation
 * Child 75 %, infant 10 % of the adult fare. Taxes per flight per seated passenger: a fixed
 * departure amount of the origin airport + arrival amount of the destination; infants pay none.
 * Fare families per cabin, each a base and a flexible tier: economy "light" (cabin bag only) and
 * "standard" (+1 × 23 kg); business "business" (1 × 32 kg) and "business_flex" (2 × 32 kg). The flexible
 * tier is about 10 % + $10 dearer per flight. The engine prices tiers; a cabin names its families.
 */
import { convertMoney, money, type CurrencyCode, type ExchangeRates, type Money } from './money.ts';
import type { PassengerCounts, PassengerType } from './passengers.ts';
import type { Cabin } from './schedule.ts';
import type { FareFamily } from './vocabulary.ts';
import { fmix32, hash32, unit } from './schedule-random.ts';

/** The engine's price tiers: every cabin has a base and a flexible family priced the same way. */
export type FareTier = 'light' | 'standard';
export { FARE_FAMILIES, type FareFamily } from './vocabulary.ts';

const CABIN_FAMILIES: Record<Cabin, readonly [FareFamily, FareFamily]> = {
  economy: ['light', 'standard'],
  business: ['business', 'business_flex'],
};

/** The fare families a cabin sells, base tier first. */
export function fareFamiliesOf(cabin: Cabin): readonly FareFamily[] {
  return CABIN_FAMILIES[cabin];
}

/** The price tier of a family. */
export function fareTier(family: FareFamily): FareTier {
  return family === 'standard' || family === 'business_flex' ? 'standard' : 'light';
}

/** The cabin's family of a tier (e.g. an economy family asked for on a business offer). */
export function familyOfTier(cabin: Cabin, tier: FareTier): FareFamily {
  return CABIN_FAMILIES[cabin][tier === 'standard' ? 1 : 0];
}

export const CHILD_FARE_RATIO = 0.75;
export const INFANT_FARE_RATIO = 0.1;

/** Baggage allowance per seated passenger. */
export interface BaggageAllowance {
  cabin: { quantity: number; weight_kg: number };
  checked: { quantity: number; weight_kg: number };
}

const CHECKED: Record<FareFamily, BaggageAllowance['checked']> = {
  light: { quantity: 0, weight_kg: 0 },
  standard: { quantity: 1, weight_kg: 23 },
  business: { quantity: 1, weight_kg: 32 },
  business_flex: { quantity: 2, weight_kg: 32 },
};

export function baggageAllowance(family: FareFamily): BaggageAllowance {
  return { cabin: { quantity: 1, weight_kg: 10 }, checked: { ...CHECKED[family] } };
}

/** Base distance fare in USD (not rounded). */
export function distanceFareUsd(distanceKm: number): number {
  return 35 + 0.14 * Math.pow(Math.max(0, distanceKm), 0.9);
}

/** Booking-curve multiplier from whole days between the search and the departure. */
export function daysBeforeFactor(daysBefore: number): number {
  const d = Math.max(0, daysBefore);
  if (d >= 60) return 0.82;
  if (d >= 21) return 1.0 - ((d - 21) / 39) * 0.18;
  if (d >= 14) return 1.1 - ((d - 14) / 7) * 0.1;
  return 1.1 + ((14 - d) / 14) * 0.8;
}

/** Demand multiplier of the local departure time (minutes after midnight). */
export function timeOfDayFactor(localMinute: number): number {
  const h = Math.floor(localMinute / 60) % 24;
  if (h >= 6 && h < 9) return 1.18;
  if (h >= 17 && h < 20) return 1.15;
  if (h >= 22 || h < 5) return 0.85;
  return 1.0;
}

const WEEKDAY_FACTOR = [1.0, 0.95, 0.95, 1.02, 1.1, 0.97, 1.08] as const;

/** Demand multiplier of the weekday of the local departure date (Monday = 0). */
export function weekdayFactor(weekday: number): number {
  return WEEKDAY_FACTOR[((weekday % 7) + 7) % 7] ?? 1;
}

/** Load multiplier: 0.9 for an empty cabin up to 1.71 for a full one, in 10 % steps. */
export function loadFactor(sold: number, capacity: number): number {
  const lf = capacity > 0 ? Math.min(1, Math.max(0, sold / capacity)) : 1;
  const bucket = Math.floor(lf * 10 + 1e-9) / 10;
  return 0.9 + 0.9 * bucket * bucket;
}

const airlineLevels = new Map<string, number>();
/** Price level of a carrier, 0.85–1.2. */
export function carrierFactor(carrier: string): number {
  let f = airlineLevels.get(carrier);
  if (f === undefined) {
    f = 0.85 + 0.35 * unit(hash32(`carrier:${carrier}`));
    airlineLevels.set(carrier, f);
  }
  return f;
}

/** Per-flight variation 0.9–1.1 and business multiplier 3–4 from the flight's hash. */
export function flightVariation(flightHash: number): number {
  return 0.9 + 0.2 * unit(flightHash);
}
export function businessMultiplier(flightHash: number): number {
  return 3 + unit(fmix32(flightHash ^ 0x9e3779b9));
}

/**
 * Lower bound of all multipliers except days-before (which the search knows per date) and cabin:
 * carrier 0.85 × flight 0.9 × time of day 0.85 × weekday 0.95 × load 0.9.
 */
export const MIN_FARE_FACTOR = 0.85 * 0.9 * 0.85 * 0.95 * 0.9;

export interface FareInputs {
  distanceKm: number;
  cabin: Cabin;
  /** Local departure time at the origin, minutes after midnight. */
  localMinute: number;
  /** Weekday of the local departure date, Monday = 0. */
  weekday: number;
  /** Whole days from the search to the departure (negative treated as 0). */
  daysBefore: number;
  /** Seats already sold in this cabin, and seats in it. */
  sold: number;
  capacity: number;
  carrier: string;
  /** Per-flight random value (stable per flight). */
  flightHash: number;
}

/** Route part of a fare (USD): distance fare × carrier level. */
export function routeFarePart(distanceKm: number, carrier: string): number {
  return distanceFareUsd(distanceKm) * carrierFactor(carrier);
}

/** Scheduled-flight part: per-flight variation × time of day × cabin. */
export function slotFarePart(flightHash: number, localMinute: number, cabin: Cabin): number {
  const f = flightVariation(flightHash) * timeOfDayFactor(localMinute);
  return cabin === 'business' ? f * businessMultiplier(flightHash) : f;
}

/** Dated-flight part: weekday × booking curve × load. */
export function instanceFarePart(
  weekday: number,
  daysBefore: number,
  sold: number,
  capacity: number,
): number {
  return weekdayFactor(weekday) * daysBeforeFactor(daysBefore) * loadFactor(sold, capacity);
}

/** Adult fare in cents (whole dollars) from the three parts; the search precomputes the first two. */
export function composeFareCents(
  routePart: number,
  slotPart: number,
  instancePart: number,
  family: FareFamily = 'light',
): number {
  let usd = routePart * slotPart * instancePart;
  if (fareTier(family) === 'standard') usd = usd * 1.1 + 10;
  return Math.max(1, Math.round(usd)) * 100;
}

/** Adult fare of one flight in USD cents (whole dollars). */
export function adultFareCents(inputs: FareInputs, family: FareFamily = 'light'): number {
  return composeFareCents(
    routeFarePart(inputs.distanceKm, inputs.carrier),
    slotFarePart(inputs.flightHash, inputs.localMinute, inputs.cabin),
    instanceFarePart(inputs.weekday, inputs.daysBefore, inputs.sold, inputs.capacity),
    family,
  );
}

/** Fare of a passenger type from the adult fare (cents). */
export function fareForType(adultFare: number, type: PassengerType): number {
  if (type === 'adult') return adultFare;
  return Math.round(adultFare * (type === 'child' ? CHILD_FARE_RATIO : INFANT_FARE_RATIO));
}

/** Departure tax of an airport per seated passenger, USD cents ($5–$44). */
export function departureTaxCents(airport: string): number {
  return (5 + (hash32(`dep-tax:${airport}`) % 40)) * 100;
}

/** Arrival fee of an airport per seated passenger, USD cents ($2–$11). */
export function arrivalTaxCents(airport: string): number {
  return (2 + (hash32(`arr-tax:${airport}`) % 10)) * 100;
}

/** Taxes of one flight per seated passenger (cents). */
export function segmentTaxCents(origin: string, destination: string): number {
  return departureTaxCents(origin) + arrivalTaxCents(destination);
}

/** Taxes of one flight for a passenger type (infants on a lap pay none). */
export function taxForType(segmentTax: number, type: PassengerType): number {
  return type === 'infant' ? 0 : segmentTax;
}

/** "Add luggage" (1 × 23 kg) per passenger per slice, USD cents: $20 + $4 per 1000 km, at most $70. */
export function luggagePriceCents(sliceDistanceKm: number): number {
  return Math.min(70, Math.round(20 + 0.004 * sliceDistanceKm)) * 100;
}

/** One flight's prices per adult (cents): fare of the chosen family and taxes. */
export interface SegmentPrice {
  adultFare: number;
  tax: number;
}

/** Amounts for all passengers of one type. total = fare + taxes + luggage. */
export interface PriceBreakdownLine {
  type: PassengerType;
  count: number;
  fare: Money;
  taxes: Money;
  luggage: Money;
  total: Money;
}

/** Price of an itinerary for a party. Each total is exactly the sum of its parts. */
export interface PriceBreakdown {
  currency: CurrencyCode;
  lines: PriceBreakdownLine[];
  fare: Money;
  taxes: Money;
  luggage: Money;
  total: Money;
}

function lineOf(
  type: PassengerType,
  count: number,
  fare: number,
  taxes: number,
  luggage: number,
  currency: CurrencyCode,
): PriceBreakdownLine {
  return {
    type,
    count,
    fare: money(fare, currency),
    taxes: money(taxes, currency),
    luggage: money(luggage, currency),
    total: money(fare + taxes + luggage, currency),
  };
}

function totals(lines: PriceBreakdownLine[], currency: CurrencyCode): PriceBreakdown {
  let fare = 0;
  let taxes = 0;
  let luggage = 0;
  for (const l of lines) {
    fare += l.fare.amount;
    taxes += l.taxes.amount;
    luggage += l.luggage.amount;
  }
  return {
    currency,
    lines,
    fare: money(fare, currency),
    taxes: money(taxes, currency),
    luggage: money(luggage, currency),
    total: money(fare + taxes + luggage, currency),
  };
}

/**
 * Breakdown in USD cents. `luggage` gives, per passenger type, the total luggage add-ons chosen
 * for all passengers of that type (cents); default none.
 */
export function priceBreakdown(
  segments: readonly SegmentPrice[],
  passengers: PassengerCounts,
  luggage: Partial<Record<PassengerType, number>> = {},
): PriceBreakdown {
  const lines: PriceBreakdownLine[] = [];
  const counts: [PassengerType, number][] = [
    ['adult', passengers.adults],
    ['child', passengers.children],
    ['infant', passengers.infants],
  ];
  for (const [type, count] of counts) {
    if (count <= 0) continue;
    let fare = 0;
    let taxes = 0;
    for (const s of segments) {
      fare += fareForType(s.adultFare, type) * count;
      taxes += taxForType(s.tax, type) * count;
    }
    lines.push(lineOf(type, count, fare, taxes, luggage[type] ?? 0, 'USD'));
  }
  return totals(lines, 'USD');
}

/** Party total in cents for a set of flights (what the search ranks by). */
export function partyTotalCents(segments: readonly SegmentPrice[], passengers: PassengerCounts): number {
  let total = 0;
  for (const s of segments) {
    total += s.adultFare * passengers.adults + s.tax * passengers.adults;
    total += (fareForType(s.adultFare, 'child') + s.tax) * passengers.children;
    total += fareForType(s.adultFare, 'infant') * passengers.infants;
  }
  return total;
}

/** Converts a breakdown part by part; totals are re-added so they stay exact sums. */
export function convertBreakdown(b: PriceBreakdown, to: CurrencyCode, rates: ExchangeRates): PriceBreakdown {
  if (b.currency === to) return b;
  const lines = b.lines.map((l) =>
    lineOf(
      l.type,
      l.count,
      convertMoney(l.fare, to, rates).amount,
      convertMoney(l.taxes, to, rates).amount,
      convertMoney(l.luggage, to, rates).amount,
      to,
    ),
  );
  return totals(lines, to);
}

/** Adds two breakdowns of the same currency (e.g. outbound + return). */
export function addBreakdowns(a: PriceBreakdown, b: PriceBreakdown): PriceBreakdown {
  if (a.currency !== b.currency) throw new TypeError('currency mismatch');
  const types: PassengerType[] = ['adult', 'child', 'infant'];
  const lines: PriceBreakdownLine[] = [];
  for (const type of types) {
    const la = a.lines.find((l) => l.type === type);
    const lb = b.lines.find((l) => l.type === type);
    if (!la && !lb) continue;
    const sum = (f: (l: PriceBreakdownLine) => Money): number =>
      (la ? f(la).amount : 0) + (lb ? f(lb).amount : 0);
    lines.push(
      lineOf(
        type,
        la?.count ?? lb!.count,
        sum((l) => l.fare),
        sum((l) => l.taxes),
        sum((l) => l.luggage),
        a.currency,
      ),
    );
  }
  return totals(lines, a.currency);
}
