import { BOOKING_ERROR_KEYS, type BookingErrorKey } from '@parvoz/contracts/booking-errors';
import type { BookingContact, BookingPassenger } from '@parvoz/contracts/booking-form';

/**
 * The booking form's names: Conform's nested names of the POST /v1/orders body's fields
 * ("passengers[0].document.number", "contact.email"), so an error path of the API
 * ("/passengers/0/document/number") names its field (lib/form.server.ts pointerToFieldName).
 */

export type PassengerType = BookingPassenger['type'];

/** A country of the citizenship and phone pickers: ISO 3166-1 alpha-2 code, name in the page's language, dial code. */
export type CountryOption = { code: string; name: string; dial: string };

/** A passenger's fields a saved traveller fills in. */
export type PassengerField =
  | 'given_name'
  | 'family_name'
  | 'born_on'
  | 'gender'
  | 'citizenship'
  | 'document.number'
  | 'document.expires_on';

export const passengerFieldName = (
  index: number,
  field: PassengerField | 'type' | 'traveller' | 'luggage' | 'seats',
) => `passengers[${index}].${field}`;

/** The luggage box of a service for a passenger: its id (the summary's link to a luggage error goes there). */
export const luggageBoxId = (luggageFieldId: string, serviceId: string) => `${luggageFieldId}-${serviceId}`;

/** The text of a field's errors: the first one's message, its dates written for the page. */
export type ErrorText = (codes: readonly string[]) => string;

/** A ticked bag as the page keeps it (the price summary follows them): service id and passenger index. */
export const luggageValue = (serviceId: string, passengerIndex: number) => `${serviceId}:${passengerIndex}`;

/**
 * A field's error code: a message key of the booking schemas and rules, with its ICU values after "?"
 * when it has some ("booking.error.bornOnChild?date=2026-12-20"; the API's rule errors carry a date).
 */
export function fieldErrorCode(key: string, values?: Record<string, string | number>): string {
  const entries = Object.entries(values ?? {}).map(([name, value]) => [name, String(value)]);
  return entries.length > 0 ? `${key}?${new URLSearchParams(entries).toString()}` : key;
}

/** The message of an error code; a key that is not one of the booking messages becomes the generic one. */
export function readFieldErrorCode(code: string): { key: BookingErrorKey; values: Record<string, string> } {
  const split = code.indexOf('?');
  const key = split < 0 ? code : code.slice(0, split);
  const values = split < 0 ? {} : Object.fromEntries(new URLSearchParams(code.slice(split + 1)));
  return (BOOKING_ERROR_KEYS as readonly string[]).includes(key)
    ? { key: key as BookingErrorKey, values }
    : { key: 'booking.error.offer', values: {} };
}

/**
 * The booking form's fields as the page names them (the contract's form schema reads them: the phone's
 * country and each passenger's luggage boxes and saved-traveller picker are the form's own).
 */
export type BookingFormFields = {
  contact: AsTyped<BookingContact> & { phone_country: string };
  passengers: Array<
    AsTyped<Omit<BookingPassenger, 'type'>> & {
      type: PassengerType;
      luggage: string[];
      seats: string[];
      traveller: string;
    }
  >;
  agreement: string;
  save_travellers: string;
};

/** A contract's fields as a form holds them: each one the string typed (nested objects stay nested). */
type AsTyped<T> = { [K in keyof T]: T[K] extends object ? AsTyped<T[K]> : string };

/** The bags ticked in a form as sent (a reply's `initialValue`), as the page keeps them ("lug_0:1"). */
export function luggageOf(initialValue: Record<string, unknown> | null | undefined): string[] {
  const passengers = initialValue?.passengers;
  if (!Array.isArray(passengers)) return [];
  return passengers.flatMap((passenger: unknown, index) => {
    const ticked = (passenger as { luggage?: unknown } | null)?.luggage;
    const ids = typeof ticked === 'string' ? [ticked] : Array.isArray(ticked) ? ticked : [];
    return ids.filter((id): id is string => typeof id === 'string').map((id) => luggageValue(id, index));
  });
}
