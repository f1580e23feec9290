import type { BookingErrorKey } from '@parvoz/contracts/booking';

/**
 * The booking form as plain HTML fields (it works without JavaScript) and its translation into the
 * POST /v1/orders body. Field names are the body's paths joined with dots ("passengers.0.document.number"),
 * so an error path of the API ("/passengers/0/document/number") names its field directly.
 */

export type PassengerType = 'adult' | 'child' | 'infant';

/** A country of the citizenship and phone pickers: ISO 3166-1 alpha-2 code, name in the page's language, dial code. */
export type CountryOption = { code: string; name: string; dial: string };

/** A field's error: a message key of packages/i18n and its ICU values. */
export type FieldError = { key: BookingErrorKey; values?: Record<string, string | number> };

/** Field errors by field name; "" is the form as a whole, "passengers" the passenger list. */
export type FieldErrors = Record<string, FieldError>;

/** The form as submitted: every text field by name, and the luggage boxes ticked ("lug_0:1"). */
export type FormValues = { fields: Record<string, string>; luggage: string[] };

export const PASSENGER_FIELDS = [
  'given_name',
  'family_name',
  'born_on',
  'gender',
  'citizenship',
  'document.number',
  'document.expires_on',
] as const;
export type PassengerField = (typeof PASSENGER_FIELDS)[number];

export const passengerFieldName = (index: number, field: PassengerField | 'type' | 'traveller') =>
  `passengers.${index}.${field}`;

/** The HTML id of a field (ids cannot hold dots in CSS selectors comfortably). */
export const fieldId = (name: string) => `bk-${name.replaceAll('.', '-')}`;

/** A luggage checkbox value: service id and passenger index. */
export const luggageValue = (serviceId: string, passengerIndex: number) => `${serviceId}:${passengerIndex}`;
