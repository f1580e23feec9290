/**
 * The create-order passengers as Duffel validates them, for the stand-in (./duffel-server.ts): refused with
 * Duffel's 422 `validation_error`, the error naming the field in `source` as Duffel's errors do.
 *
 * Pages followed:
 * - Orders, "Create an order", https://duffel.com/docs/api/orders/create-order, and the official JavaScript
 *   client's OrderPassenger / CreateOrderPassenger (@duffel/api 4.30, OrdersTypes): `given_name`, `family_name`,
 *   `born_on`, `gender`, `title`, `email`, `phone_number` for every passenger; `title` one of
 *   `DuffelPassengerTitle` = "mr" | "ms" | "mrs" | "miss" | "dr" (the client's titles were corrected to match
 *   the create-order page: github:duffelhq/duffel-api-javascript pull request 887); `gender` one of
 *   `DuffelPassengerGender` = "m" | "f"; `phone_number` "in E.164 (international) format", e.g. "+442080160509".
 * - Changelog, "Validating passengers' dates of birth",
 *   https://changelog.duffel.com/announcements/validating-passenger-dates-of-birth: a `born_on` in the future is
 *   refused, allowing for a passenger born "today" in a time zone ahead of ours (here: up to UTC tomorrow).
 * - Offer requests: a passenger's `age` is "the age of the passenger on the `departure_date` of the final slice"
 *   (the client's CreateOfferRequestNonAdultPassenger), and an infant is searched as age 0 or 1 (a maintainer of
 *   Duffel's Python client, github:duffelhq/duffel-api-python issue 88). So the passenger's age on the final
 *   slice's departure date must be the age the passenger was asked for with ("you must set the age to 16" in the
 *   client's example), and one asked for as `{ type: "adult" }` must be 18 or over ("If the passenger is aged 18 or
 *   over, you should specify a `type` of `adult`. If a passenger is aged under 18, you should specify their `age`
 *   instead"); a type other than adult must fit its band: `infant_without_seat` under 2, `child` 2–11. Duffel does
 *   not publish the messages; the checks are the stand-in's reading, listed under "To check with a real Duffel
 *   test-mode account" in docs/duffel.md.
 * - Errors, https://duffel.com/docs/api/overview/errors, and Duffel's Ruby client's fixture of a validation error
 *   (github:duffelhq/duffel-api-ruby spec/fixtures/validation_error.json): `{ type: "validation_error", code:
 *   "validation_required", title: "Required field", message: "Field 'slices' can't be blank", source: { pointer:
 *   "/slices", field: "slices" } }`. A nested field's pointer is written as a JSON pointer into `data`
 *   (`/passengers/0/title`); Duffel's fixture shows only a top-level one.
 */
import type { Loose } from '../../../payments/testing/http.ts';

export interface PassengerRefusal {
  code: 'validation_required' | 'invalid_data';
  title: string;
  message: string;
  source: { field: string; pointer: string };
}

export const DUFFEL_TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'] as const;
export const DUFFEL_GENDERS = ['m', 'f'] as const;
const REQUIRED = [
  'given_name',
  'family_name',
  'born_on',
  'gender',
  'title',
  'email',
  'phone_number',
] as const;
/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY_MS = 24 * 60 * 60_000;
/** Duffel: a passenger asked for as `{ type: "adult" }` is 18 or over; a younger one is asked for by age. */
const ADULT_AGE = 18;

/** A real calendar date "YYYY-MM-DD", as its UTC midnight, or null. */
function isoDate(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value ? null : at;
}

/** Whole years from `born` to `on` (both "YYYY-MM-DD"). */
export function ageOn(born: string, on: string): number {
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

/** The offer's passenger type for an age (the stand-in's offer requests use the same bands). */
export const typeForAge = (age: number) => (age < 2 ? 'infant_without_seat' : age < 12 ? 'child' : 'adult');

/**
 * Why Duffel refuses the create-order `passengers` of `offer` (their ids already checked against the offer's), or
 * null. `now` is the stand-in's clock.
 */
export function passengerRefusal(
  offer: Loose,
  passengers: readonly Loose[],
  now: Date,
): PassengerRefusal | null {
  const slices = offer.slices as Loose[];
  const lastDeparture = String((slices.at(-1)?.segments as Loose[])[0]!.departing_at).slice(0, 10);
  const latestBirth = Date.parse(now.toISOString().slice(0, 10)) + DAY_MS;
  for (const [i, p] of passengers.entries()) {
    const at = (field: string) => ({ field, pointer: `/passengers/${i}/${field}` });
    const invalid = (field: string, message: string): PassengerRefusal => ({
      code: 'invalid_data',
      title: 'Invalid data',
      message,
      source: at(field),
    });
    for (const field of REQUIRED)
      if (typeof p[field] !== 'string' || p[field].trim() === '')
        return {
          code: 'validation_required',
          title: 'Required field',
          message: `Field '${field}' can't be blank`,
          source: at(field),
        };
    if (!(DUFFEL_TITLES as readonly string[]).includes(p.title))
      return invalid('title', `Field 'title' must be one of ${DUFFEL_TITLES.join(', ')}`);
    if (!(DUFFEL_GENDERS as readonly string[]).includes(p.gender))
      return invalid('gender', "Field 'gender' must be one of m, f");
    if (!E164.test(p.phone_number))
      return invalid('phone_number', "Field 'phone_number' must be a phone number in E.164 format");
    if (!EMAIL.test(p.email)) return invalid('email', "Field 'email' must be a valid email address");
    const born = isoDate(p.born_on);
    if (born === null) return invalid('born_on', "Field 'born_on' must be a date (YYYY-MM-DD)");
    if (born > latestBirth) return invalid('born_on', "Field 'born_on' can't be in the future");
    const searched = (offer.passengers as Loose[]).find((o) => o.id === p.id);
    const age = ageOn(p.born_on, lastDeparture);
    if (typeof searched?.age === 'number') {
      if (age !== searched.age)
        return invalid('born_on', `Field 'born_on' does not match the passenger's age ${searched.age}`);
    } else if (searched?.type === 'adult' ? age < ADULT_AGE : typeForAge(age) !== searched?.type)
      return invalid(
        'born_on',
        `Field 'born_on' does not match the passenger's type ${String(searched?.type)}`,
      );
  }
  return null;
}
