/**
 * The multi-city form's values and rules (docs/design.md, "Multi-city"): two to six flights, each from a place
 * to another on a date on or after the one before, for the same travellers. Shared by the form (its values) and
 * its action (the rules); free of zod, so the form paints without it.
 */
import { checkPassengerCounts, type Cabin, type PassengerCounts } from '@parvoz/contracts/search-limits';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import { PASSENGER_ERRORS, type SearchFormErrorKey } from '@parvoz/contracts/search-form-errors';
import type { PlaceValue } from './search-form.ts';

export const MIN_LEGS = 2;
export const MAX_LEGS = 6;
/** Rows a new form starts with: a trip of three flights is the usual multi-city trip. */
export const FIRST_LEGS = 3;

export type MultiCityLeg = { from: PlaceValue; to: PlaceValue; depart: string };
export type MultiCityValues = { legs: MultiCityLeg[]; passengers: PassengerCounts; cabin: Cabin };

export const emptyLeg = (): MultiCityLeg => ({
  from: { code: '', name: '' },
  to: { code: '', name: '' },
  depart: '',
});

/** The errors by where they show: a flight's row (by index) or the passengers. */
export type MultiCityErrors = {
  legs: Record<number, SearchFormErrorKey | 'search.multiCity.error.order'>;
  passengers?: SearchFormErrorKey;
};

/** The first broken rule of each flight, and of the passengers; none when the trip can be searched. */
export function multiCityErrors(values: MultiCityValues, { first, last }: { first: string; last: string }) {
  const errors: MultiCityErrors = { legs: {} };
  let previous = first;
  values.legs.forEach((leg, i) => {
    if (!leg.from.code || !leg.to.code) errors.legs[i] = 'search.form.error.route';
    else if (leg.from.code === leg.to.code) errors.legs[i] = 'search.form.error.sameRoute';
    else if (!leg.depart) errors.legs[i] = 'search.form.error.date';
    else if (leg.depart < first || leg.depart > last) errors.legs[i] = 'search.form.error.dateRange';
    else if (leg.depart < previous) errors.legs[i] = 'search.multiCity.error.order';
    if (leg.depart && leg.depart > previous) previous = leg.depart;
  });
  const passengers = checkPassengerCounts(values.passengers);
  if (passengers) errors.passengers = PASSENGER_ERRORS[passengers];
  return errors;
}

export const hasErrors = (errors: MultiCityErrors) =>
  Object.keys(errors.legs).length > 0 || errors.passengers !== undefined;

/** The results path of a trip without errors (`/flight/TAS1512IST-IST1812AYT-AYT2112TAS1`). */
export function multiCityPath(lang: string, values: MultiCityValues): string {
  const [first, ...more] = values.legs;
  const segment = formatSearchSegment({
    origin: first!.from.code,
    destination: first!.to.code,
    departureDate: first!.depart,
    returnDate: null,
    passengers: values.passengers,
    cabin: values.cabin,
    moreLegs: more.map((leg) => ({
      origin: leg.from.code,
      destination: leg.to.code,
      departureDate: leg.depart,
    })),
  });
  return `/${lang}/flight/${segment}`;
}

/** The form's values of a multi-city results page: its legs with their places, its travellers and cabin. */
export function multiCityValues(
  legs: readonly { origin: PlaceValue; destination: PlaceValue; date: string }[],
  search: { passengers: PassengerCounts; cabin: Cabin },
): MultiCityValues {
  return {
    legs: legs.map((leg) => ({ from: leg.origin, to: leg.destination, depart: leg.date })),
    passengers: search.passengers,
    cabin: search.cabin,
  };
}
