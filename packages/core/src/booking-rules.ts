/**
 * Booking rules that depend on the flights and the offer (docs/design.md §3–4), pure so that the API and the
 * tests share them. Each broken rule is a field error: a path into the POST /v1/orders body and a message key
 * of packages/i18n (`booking.error.*`, listed in booking-rule-keys.ts, which the contract re-exports), with
 * ICU values.
 */
import { MAX_SEATED_PASSENGERS, passengerTypeOn, type PassengerType } from './passengers.ts';
import type { LuggageService, OfferSlice } from './search-types.ts';
import type { BookingRuleKey } from './booking-rule-keys.ts';
import { luggageSuits } from './luggage-rules.ts';

export { BOOKING_RULE_KEYS, type BookingRuleKey } from './booking-rule-keys.ts';

export interface BookingRuleError {
  /** Path into the request body, e.g. ['passengers', 1, 'born_on']. */
  path: (string | number)[];
  message: BookingRuleKey;
  /** ICU values; dates as YYYY-MM-DD. */
  values?: Record<string, string | number>;
}

/** The fields of a booked passenger the rules look at. */
export interface RulePassenger {
  type: PassengerType;
  born_on: string;
  document: { expires_on: string };
}

export interface RuleService {
  id: string;
  passenger_index: number;
}

/** The local dates of the trip: first departure, last flight's departure, last arrival (YYYY-MM-DD). */
export interface TripDates {
  firstDeparture: string;
  lastFlight: string;
  end: string;
}

/** Local date part of an ISO date-time with offset ("2026-12-15T08:40:00+05:00" → "2026-12-15"). */
function localDate(dateTime: string): string {
  return dateTime.slice(0, 10);
}

export function tripDates(slices: readonly OfferSlice[]): TripDates {
  const segments = slices.flatMap((s) => s.segments);
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (!first || !last) throw new Error('an itinerary without flights');
  return {
    firstDeparture: localDate(first.departing_at),
    lastFlight: localDate(last.departing_at),
    end: localDate(last.arriving_at),
  };
}

const BAND_KEY: Record<PassengerType, BookingRuleKey> = {
  adult: 'booking.error.bornOnAdult',
  child: 'booking.error.bornOnChild',
  infant: 'booking.error.bornOnInfant',
};

/**
 * Date of birth: not after today, and in the passenger's age band (adult 12+, child 2–11, infant under 2)
 * on the date of the last flight, so the passenger fits the type for the whole trip.
 */
export function checkAges(
  passengers: readonly RulePassenger[],
  lastFlightDate: string,
  today: string,
): BookingRuleError[] {
  const errors: BookingRuleError[] = [];
  passengers.forEach((p, i) => {
    const path = ['passengers', i, 'born_on'];
    if (p.born_on > today) {
      errors.push({ path, message: 'booking.error.bornOnFuture' });
      return;
    }
    if (passengerTypeOn(p.born_on, lastFlightDate) !== p.type) {
      errors.push({ path, message: BAND_KEY[p.type], values: { date: lastFlightDate } });
    }
  });
  return errors;
}

/** The document must be valid past the end of the trip (expiry strictly after the last arrival date). */
export function checkDocuments(passengers: readonly RulePassenger[], tripEnd: string): BookingRuleError[] {
  const errors: BookingRuleError[] = [];
  passengers.forEach((p, i) => {
    if (!(p.document.expires_on > tripEnd)) {
      errors.push({
        path: ['passengers', i, 'document', 'expires_on'],
        message: 'booking.error.documentExpired',
        values: { date: tripEnd },
      });
    }
  });
  return errors;
}

/** At least one adult, infants ≤ adults (one lap each), at most 9 seated (adults + children). */
export function checkPassengerMix(passengers: readonly { type: PassengerType }[]): BookingRuleError[] {
  const count = (type: PassengerType) => passengers.filter((p) => p.type === type).length;
  const adults = count('adult');
  const errors: BookingRuleError[] = [];
  if (adults < 1) errors.push({ path: ['passengers'], message: 'booking.error.noAdult' });
  if (count('infant') > adults)
    errors.push({ path: ['passengers'], message: 'booking.error.tooManyInfants' });
  if (adults + count('child') > MAX_SEATED_PASSENGERS) {
    errors.push({
      path: ['passengers'],
      message: 'booking.error.tooManySeated',
      values: { max: MAX_SEATED_PASSENGERS },
    });
  }
  return errors;
}

/** The booked passengers are as many of each type as the offer was priced for. */
export function checkMatchesOffer(
  passengers: readonly { type: PassengerType }[],
  offerPassengers: readonly { type: PassengerType }[],
): BookingRuleError[] {
  const key = (list: readonly { type: PassengerType }[]) =>
    (['adult', 'child', 'infant'] as const).map((t) => list.filter((p) => p.type === t).length).join('/');
  return key(passengers) === key(offerPassengers)
    ? []
    : [{ path: ['passengers'], message: 'booking.error.passengersMismatch' }];
}

/**
 * Each luggage service exists in the offer, suits its passenger (type, and the passenger itself when the service
 * is sold for one passenger only), and is bought once per passenger.
 */
export function checkServices(
  services: readonly RuleService[],
  passengers: readonly { type: PassengerType }[],
  available: readonly Pick<LuggageService, 'id' | 'passenger_types' | 'passenger_index'>[],
): BookingRuleError[] {
  const errors: BookingRuleError[] = [];
  const seen = new Set<string>();
  services.forEach((s, i) => {
    const service = available.find((a) => a.id === s.id);
    if (!service) {
      errors.push({ path: ['services', i, 'id'], message: 'booking.error.serviceUnknown' });
      return;
    }
    const passenger = passengers[s.passenger_index];
    if (!passenger || !luggageSuits(service, s.passenger_index, passenger.type)) {
      errors.push({
        path: ['services', i, 'passenger_index'],
        message: 'booking.error.serviceNotForPassenger',
      });
      return;
    }
    const pair = `${s.id}:${s.passenger_index}`;
    if (seen.has(pair)) errors.push({ path: ['services', i], message: 'booking.error.serviceDuplicate' });
    seen.add(pair);
  });
  return errors;
}

/** Every rule at once, for a booking request against its (re-priced) offer; [] when it may be booked. */
export function checkBooking(
  request: { passengers: readonly RulePassenger[]; services: readonly RuleService[] },
  offer: {
    slices: readonly OfferSlice[];
    passengers: readonly { type: PassengerType }[];
    available_services: readonly Pick<LuggageService, 'id' | 'passenger_types' | 'passenger_index'>[];
  },
  today: string,
): BookingRuleError[] {
  const dates = tripDates(offer.slices);
  const mix = checkPassengerMix(request.passengers);
  return [
    ...mix,
    ...(mix.length === 0 ? checkMatchesOffer(request.passengers, offer.passengers) : []),
    ...checkAges(request.passengers, dates.lastFlight, today),
    ...checkDocuments(request.passengers, dates.end),
    ...checkServices(request.services, request.passengers, offer.available_services),
  ];
}

/** ['passengers', 0, 'born_on'] → "/passengers/0/born_on" (the JSON pointer of the API's error details). */
export function toJsonPointer(path: readonly (string | number)[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
