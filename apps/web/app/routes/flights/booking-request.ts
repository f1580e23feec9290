import type { BookingFormValue, CreateOrderRequest } from '@parvoz/contracts/booking';
import { SEAT_PICK } from '@parvoz/contracts/booking-form';
import type { Locale } from '@parvoz/i18n/locales';
import { displayFractionDigits, type Currency } from '@parvoz/i18n/currency';

export * from './booking-form-fields.ts';

/** From the booking form as the contract's form schema reads it (bookingFormSchema) to the POST /v1/orders body. */

export type BookingContext = {
  offerId: string;
  expectedTotal: string | undefined;
  currency: Currency;
  lang: Locale;
  /** Only a signed-in traveller's passengers can be saved. */
  signedIn: boolean;
};

/** The ticked bags in body order: each passenger's, passenger by passenger. */
export function servicesOf(
  value: Pick<BookingFormValue, 'passengers'>,
): Array<{ id: string; passenger_index: number }> {
  return value.passengers.flatMap((passenger, index) =>
    passenger.luggage.map((id) => ({ id, passenger_index: index })),
  );
}

/** A seat as picked in the form ("0-1:12A:11.00"): its flight, seat and the price seen; null when unreadable. */
export function readSeatPick(pick: string) {
  const match = SEAT_PICK.exec(pick);
  if (!match) return null;
  return {
    slice_index: Number(match[1]),
    segment_index: Number(match[2]),
    designator: match[3]!,
    amount: match[4]!,
  };
}

/** The seats picked in body order: each passenger's, passenger by passenger. */
export function seatsOf(value: Pick<BookingFormValue, 'passengers'>) {
  return value.passengers.flatMap((passenger, index) =>
    passenger.seats.flatMap((pick) => {
      const seat = readSeatPick(pick);
      return seat
        ? [
            {
              passenger_index: index,
              slice_index: seat.slice_index,
              segment_index: seat.segment_index,
              designator: seat.designator,
            },
          ]
        : [];
    }),
  );
}

/** The POST /v1/orders body of a valid form (the API checks it again with the body's schema). */
export function orderRequestOf(value: BookingFormValue, context: BookingContext): CreateOrderRequest {
  return {
    offer_id: context.offerId,
    ...(context.expectedTotal ? { expected_total: context.expectedTotal } : {}),
    currency: context.currency,
    lang: context.lang,
    contact: value.contact,
    passengers: value.passengers.map(({ luggage: _luggage, seats: _seats, ...passenger }) => passenger),
    services: servicesOf(value),
    seats: seatsOf(value),
    agreement: value.agreement,
    ...(context.signedIn && value.save_travellers ? { save_travellers: true } : {}),
  };
}

/**
 * Where an error of the API is shown (its path as a form name): its field; a luggage service's error at
 * that passenger's luggage; a passenger's missing document at its number; the passenger list and a
 * passenger's type at the list; anything else at the form as a whole ("").
 */
export function errorTarget(
  name: string,
  services: readonly { passenger_index: number }[],
  seats: readonly { passenger_index: number }[] = [],
): string {
  const service = /^services\[(\d+)\]/.exec(name);
  if (service) {
    const passenger = services[Number(service[1])]?.passenger_index;
    return passenger === undefined ? '' : `passengers[${passenger}].luggage`;
  }
  const seat = /^seats\[(\d+)\]/.exec(name);
  if (seat) {
    const passenger = seats[Number(seat[1])]?.passenger_index;
    return passenger === undefined ? '' : `passengers[${passenger}].seats`;
  }
  if (/^passengers\[\d+\]\.seats$/.test(name)) return name;
  if (name === 'contact.phone_country') return 'contact.phone';
  if (/^contact\.(full_name|email|phone)$/.test(name) || name === 'agreement' || name === 'passengers')
    return name;
  if (
    /^passengers\[\d+\]\.(given_name|family_name|born_on|gender|citizenship|document\.number|document\.expires_on)$/.test(
      name,
    )
  )
    return name;
  if (/^passengers\[\d+\]\.document$/.test(name)) return `${name}.number`;
  if (/^passengers\[\d+\](\.type)?$/.test(name)) return 'passengers';
  return '';
}

/**
 * The total the traveller saw: the offer's total plus the price shown for each bag ticked and each seat picked,
 * exact in minor units (form fields `offer_total` and `luggage_price.<service id>`, and the price in each seat's
 * pick). Undefined when a price is missing or unreadable.
 */
export function shownTotal(
  form: FormData,
  services: readonly { id: string }[],
  currency: Currency,
  seatPrices: readonly string[] = [],
): string | undefined {
  const digits = displayFractionDigits(currency);
  const amount = /^\d{1,12}(?:\.\d{1,2})?$/;
  const toMinor = (value: FormDataEntryValue | null): number | null => {
    if (typeof value !== 'string' || !amount.test(value)) return null;
    const [whole, fraction = ''] = value.split('.');
    if (fraction.length > digits) return null;
    return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  };
  let total = toMinor(form.get('offer_total'));
  for (const service of services) {
    const price = toMinor(form.get(`luggage_price.${service.id}`));
    if (total === null || price === null) return undefined;
    total += price;
  }
  for (const amount of seatPrices) {
    const price = toMinor(amount);
    if (total === null || price === null) return undefined;
    total += price;
  }
  if (total === null) return undefined;
  if (digits === 0) return String(total);
  const text = String(total).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
