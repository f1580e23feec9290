/**
 * The search path segment of `/{lang}/flight/{search}` (docs/design.md §3, Aviasales-style):
 *
 *   {FROM}{DDMM}{TO}[{DDMM}]{PAX}[b]
 *
 * FROM/TO: 3-letter IATA airport or city code, upper case. DDMM: day and month of departure (and
 * of return), resolved to the next such date from today (today included) within the 330-day
 * horizon. PAX: one digit (adults only) or three digits (adults, children, infants). A trailing
 * `b` means business, none economy. Examples: `TAS1512IST1`, `TAS1512IST2012211b`.
 *
 * A multi-city trip (docs/design.md, "Multi-city") writes each leg as `{FROM}{DDMM}{TO}`, joined by `-`, with
 * PAX and `b` after the last: `TAS1512IST-IST1812AYT-AYT2112TAS1`. Each date resolves as above, and each leg's
 * is on or after the one before.
 *
 * `formatSearchSegment` writes the shortest form; `parseSearchSegment` is strict and never throws.
 */
import { checkPassengerCounts, type PassengerCounts, type PassengerCountsError } from './passengers.ts';
import type { RouteDateError } from './search-engine-types.ts';
import { HORIZON_DAYS, type Cabin } from './schedule.ts';
import { dayFromParts, formatDay, parseDay } from './schedule-time.ts';

export interface SearchParams {
  origin: string;
  destination: string;
  /** YYYY-MM-DD */
  departureDate: string;
  /** YYYY-MM-DD, or null for one way (and for a multi-city trip). */
  returnDate: string | null;
  passengers: PassengerCounts;
  cabin: Cabin;
  /** A multi-city trip: its legs after the first (origin → destination on departureDate); absent otherwise. */
  moreLegs?: SearchLeg[];
}

/** One leg of a multi-city trip. */
export interface SearchLeg {
  origin: string;
  destination: string;
  /** YYYY-MM-DD */
  departureDate: string;
}

/** The legs of a trip in order: the way out, each further leg of a multi-city trip, or a round trip's way back. */
export function tripLegs(params: SearchParams): SearchLeg[] {
  const first = {
    origin: params.origin,
    destination: params.destination,
    departureDate: params.departureDate,
  };
  if (params.moreLegs?.length) return [first, ...params.moreLegs];
  return params.returnDate
    ? [first, { origin: params.destination, destination: params.origin, departureDate: params.returnDate }]
    : [first];
}

/** A multi-city trip has at most six legs (core's MAX_SLICES). */
const MAX_LEGS = 6;
const LEG = /^([A-Z]{3})(\d{2})(\d{2})([A-Z]{3})$/;
const LAST_LEG = /^([A-Z]{3})(\d{2})(\d{2})([A-Z]{3})(\d|\d{3})(b?)$/;

/** A one-digit count is always a whole number: never `invalid_passengers`. */
export type SearchSegmentErrorCode =
  'malformed' | RouteDateError | Exclude<PassengerCountsError, 'invalid_passengers'>;

export type SearchSegmentField =
  'segment' | 'origin' | 'destination' | 'departure_date' | 'return_date' | 'passengers';

export interface SearchSegmentError {
  code: SearchSegmentErrorCode;
  field: SearchSegmentField;
}

export type ParseSearchSegmentResult =
  { ok: true; value: SearchParams } | { ok: false; error: SearchSegmentError };

export interface ParseSearchSegmentOptions {
  /** Today's date, YYYY-MM-DD (the caller decides the zone; core has no clock). */
  today: string;
  /** Whether a 3-letter code is a known airport or city. */
  knownCode: (code: string) => boolean;
  /** Optional: city of a code, to reject e.g. LHR → LON as the same place. */
  cityOf?: (code: string) => string | undefined;
}

const SEGMENT = /^([A-Z]{3})(\d{2})(\d{2})([A-Z]{3})(\d*)(b?)$/;
const CODE = /^[A-Z]{3}$/;
const MAX_DAY: readonly number[] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function ddmm(date: string): string {
  return date.slice(8, 10) + date.slice(5, 7);
}

/** Writes the shortest segment for valid params (throws RangeError on params that cannot be written). */
export function formatSearchSegment(params: SearchParams): string {
  const { origin, destination, departureDate, returnDate, passengers: p, cabin } = params;
  if (!CODE.test(origin) || !CODE.test(destination))
    throw new RangeError('origin and destination must be 3-letter upper-case codes');
  if (parseDay(departureDate) === null || (returnDate !== null && parseDay(returnDate) === null))
    throw new RangeError('invalid date');
  for (const n of [p.adults, p.children, p.infants]) {
    if (!Number.isInteger(n) || n < 0 || n > 9) throw new RangeError('passenger counts must be digits 0–9');
  }
  const pax = p.children === 0 && p.infants === 0 ? `${p.adults}` : `${p.adults}${p.children}${p.infants}`;
  if (params.moreLegs?.length) {
    const legs = tripLegs(params);
    for (const leg of legs)
      if (!CODE.test(leg.origin) || !CODE.test(leg.destination) || parseDay(leg.departureDate) === null)
        throw new RangeError('a leg needs 3-letter codes and a date');
    const written = legs.map((leg) => `${leg.origin}${ddmm(leg.departureDate)}${leg.destination}`).join('-');
    return `${written}${pax}${cabin === 'business' ? 'b' : ''}`;
  }
  return `${origin}${ddmm(departureDate)}${destination}${returnDate ? ddmm(returnDate) : ''}${pax}${cabin === 'business' ? 'b' : ''}`;
}

type DateResult = { ok: true; day: number } | { ok: false; code: 'invalid_date' | 'date_out_of_range' };

/** Next date with this day and month on or after `today`, if within the horizon. */
function resolveDate(dd: number, mm: number, today: number): DateResult {
  if (mm < 1 || mm > 12 || dd < 1 || dd > MAX_DAY[mm - 1]!) return { ok: false, code: 'invalid_date' };
  const year = new Date(today * 86_400_000).getUTCFullYear();
  for (let y = year; y <= year + 8; y++) {
    const day = dayFromParts(y, mm, dd);
    if (day === null || day < today) continue;
    return day - today < HORIZON_DAYS ? { ok: true, day } : { ok: false, code: 'date_out_of_range' };
  }
  return { ok: false, code: 'date_out_of_range' };
}

export function parseSearchSegment(
  segment: string,
  options: ParseSearchSegmentOptions,
): ParseSearchSegmentResult {
  const fail = (code: SearchSegmentErrorCode, field: SearchSegmentField): ParseSearchSegmentResult => ({
    ok: false,
    error: { code, field },
  });
  if (typeof segment !== 'string' || segment.length > 80) return fail('malformed', 'segment');
  if (segment.includes('-')) return parseMultiCity(segment, options);
  if (segment.length > 32) return fail('malformed', 'segment');
  const m = SEGMENT.exec(segment);
  if (!m) return fail('malformed', 'segment');
  // Every group of SEGMENT takes part in a match: the defaults only tell the compiler so.
  const [, origin = '', depDd = '', depMm = '', destination = '', digits = '', business = ''] = m;
  let retPart = '';
  let paxPart: string;
  if (digits.length === 1 || digits.length === 3) paxPart = digits;
  else if (digits.length === 5 || digits.length === 7) {
    retPart = digits.slice(0, 4);
    paxPart = digits.slice(4);
  } else return fail('malformed', 'segment');
  const today = parseDay(options.today);
  if (today === null) throw new RangeError(`invalid today: ${options.today}`);

  if (!options.knownCode(origin)) return fail('unknown_origin', 'origin');
  if (!options.knownCode(destination)) return fail('unknown_destination', 'destination');
  if (origin === destination) return fail('same_origin_destination', 'destination');
  if (options.cityOf) {
    const a = options.cityOf(origin);
    if (a !== undefined && a === options.cityOf(destination))
      return fail('same_origin_destination', 'destination');
  }

  const dep = resolveDate(Number(depDd), Number(depMm), today);
  if (!dep.ok) return fail(dep.code, 'departure_date');
  let returnDate: string | null = null;
  if (retPart) {
    const ret = resolveDate(Number(retPart.slice(0, 2)), Number(retPart.slice(2, 4)), today);
    if (!ret.ok) return fail(ret.code, 'return_date');
    if (ret.day < dep.day) return fail('return_before_departure', 'return_date');
    returnDate = formatDay(ret.day);
  }

  const pax = passengersOf(paxPart);
  if (!pax.ok) return fail(pax.code, 'passengers');
  const { passengers } = pax;

  return {
    ok: true,
    value: {
      origin,
      destination,
      departureDate: formatDay(dep.day),
      returnDate,
      passengers,
      cabin: business ? 'business' : 'economy',
    },
  };
}

/** A multi-city segment: two to six legs joined by `-`, passengers and cabin after the last. */
function parseMultiCity(segment: string, options: ParseSearchSegmentOptions): ParseSearchSegmentResult {
  const fail = (code: SearchSegmentErrorCode, field: SearchSegmentField): ParseSearchSegmentResult => ({
    ok: false,
    error: { code, field },
  });
  const parts = segment.split('-');
  if (parts.length < 2 || parts.length > MAX_LEGS) return fail('malformed', 'segment');
  const last = LAST_LEG.exec(parts.at(-1)!);
  const matches = [...parts.slice(0, -1).map((part) => LEG.exec(part)), last];
  if (!last || matches.some((m) => !m)) return fail('malformed', 'segment');
  const today = parseDay(options.today);
  if (today === null) throw new RangeError(`invalid today: ${options.today}`);
  const legs: SearchLeg[] = [];
  let previousDay = today;
  for (const [i, m] of matches.entries()) {
    const [, origin = '', dd = '', mm = '', destination = ''] = m!;
    const field = (first: SearchSegmentField): SearchSegmentField => (i === 0 ? first : 'departure_date');
    if (!options.knownCode(origin)) return fail('unknown_origin', field('origin'));
    if (!options.knownCode(destination)) return fail('unknown_destination', field('destination'));
    const city = options.cityOf;
    if (origin === destination || (city && city(origin) !== undefined && city(origin) === city(destination)))
      return fail('same_origin_destination', field('destination'));
    const date = resolveDate(Number(dd), Number(mm), today);
    if (!date.ok) return fail(date.code, 'departure_date');
    if (date.day < previousDay) return fail('return_before_departure', 'departure_date');
    previousDay = date.day;
    legs.push({ origin, destination, departureDate: formatDay(date.day) });
  }
  const [, , , , , paxPart = '', business = ''] = last;
  const pax = passengersOf(paxPart);
  if (!pax.ok) return fail(pax.code, 'passengers');
  const { passengers } = pax;
  const [first, ...moreLegs] = legs;
  return {
    ok: true,
    value: { ...first!, returnDate: null, passengers, cabin: business ? 'business' : 'economy', moreLegs },
  };
}

/** The passengers of a segment's PAX (one digit: adults; three: adults, children, infants), or why not. */
function passengersOf(
  digits: string,
): { ok: true; passengers: PassengerCounts } | { ok: false; code: SearchSegmentErrorCode } {
  const passengers: PassengerCounts =
    digits.length === 1
      ? { adults: Number(digits), children: 0, infants: 0 }
      : { adults: Number(digits[0]), children: Number(digits[1]), infants: Number(digits[2]) };
  const error = checkPassengerCounts(passengers);
  return error
    ? { ok: false, code: error === 'invalid_passengers' ? 'no_adults' : error }
    : { ok: true, passengers };
}
