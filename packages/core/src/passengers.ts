/** Passenger rules of docs/design.md §3: adults 12+, children 2–11, infants under 2 on an adult's lap. */

import { PASSENGER_TYPES, type PassengerType } from './vocabulary.ts';
export { PASSENGER_TYPES, type PassengerType } from './vocabulary.ts';

/** Passenger counts of a search or an offer. */
export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

/** At most 9 passengers with a seat (adults + children); infants sit on a lap. */
export const MAX_SEATED_PASSENGERS = 9;
export const ADULT_MIN_AGE = 12;
export const CHILD_MIN_AGE = 2;

export type PassengerCountsError =
  'invalid_passengers' | 'no_adults' | 'too_many_passengers' | 'too_many_infants';

/** null when the counts are acceptable, else the first broken rule. */
export function checkPassengerCounts(p: PassengerCounts): PassengerCountsError | null {
  for (const n of [p.adults, p.children, p.infants]) {
    if (!Number.isSafeInteger(n) || n < 0) return 'invalid_passengers';
  }
  if (p.adults < 1) return 'no_adults';
  if (p.adults + p.children > MAX_SEATED_PASSENGERS) return 'too_many_passengers';
  if (p.infants > p.adults) return 'too_many_infants';
  return null;
}

/** Passengers who need a seat (adults and children). */
export function seatedPassengers(p: PassengerCounts): number {
  return p.adults + p.children;
}

export function countOf(p: PassengerCounts, type: PassengerType): number {
  return type === 'adult' ? p.adults : type === 'child' ? p.children : p.infants;
}

/** Passenger entries of an offer, adults first: [{ id: 'pas_1', type: 'adult' }, ...]. */
export function passengerList(p: PassengerCounts): { id: string; type: PassengerType }[] {
  const out: { id: string; type: PassengerType }[] = [];
  for (const type of PASSENGER_TYPES) {
    for (let i = 0; i < countOf(p, type); i++) out.push({ id: `pas_${out.length + 1}`, type });
  }
  return out;
}

function parseIsoDate(value: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Whole years of age on a date (YYYY-MM-DD both); null for invalid dates or a birth after the date. */
export function ageOn(bornOn: string, date: string): number | null {
  const b = parseIsoDate(bornOn);
  const t = parseIsoDate(date);
  if (!b || !t) return null;
  let age = t.y - b.y;
  if (t.m < b.m || (t.m === b.m && t.d < b.d)) age--;
  return age < 0 ? null : age;
}

/**
 * Passenger type on the travel date (use the date of the last flight: a passenger must fit the
 * type for the whole trip). null when the dates are invalid or the passenger is not yet born.
 */
export function passengerTypeOn(bornOn: string, travelDate: string): PassengerType | null {
  const age = ageOn(bornOn, travelDate);
  if (age === null) return null;
  if (age >= ADULT_MIN_AGE) return 'adult';
  if (age >= CHILD_MIN_AGE) return 'child';
  return 'infant';
}
