/**
 * The search forms' messages (the one-way or round-trip form and the multi-city form): their keys, and which
 * one each rule of the passengers' counts says. No zod here: the forms paint with these before their schemas load.
 */
/** Message keys of the form's errors (the spec's two, and the rest in the same voice). */
export const SEARCH_FORM_ERROR_KEYS = [
  'search.form.error.route',
  'search.form.error.sameRoute',
  'search.form.error.date',
  'search.form.error.dateRange',
  'search.form.error.returnBeforeDeparture',
  'search.form.error.noAdults',
  'search.form.error.tooManyPassengers',
  'search.form.error.tooManyInfants',
] as const;
export type SearchFormErrorKey = (typeof SEARCH_FORM_ERROR_KEYS)[number];

/** The message of each broken rule of the passengers' counts (core's `checkPassengerCounts`). */
export const PASSENGER_ERRORS = {
  invalid_passengers: 'search.form.error.noAdults',
  no_adults: 'search.form.error.noAdults',
  too_many_passengers: 'search.form.error.tooManyPassengers',
  too_many_infants: 'search.form.error.tooManyInfants',
} as const satisfies Record<string, SearchFormErrorKey>;
