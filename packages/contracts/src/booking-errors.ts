/**
 * The booking's message keys, in a module of their own without zod: the booking page reads them as soon as it
 * renders, and loads the form's schema (booking-form.ts) only after hydration. The rules' keys come from core's
 * key list alone (a module with nothing else), so the page does not load the rules either.
 */
import { BOOKING_RULE_KEYS } from '@parvoz/core/booking-rule-keys';

/** Every message key the booking schemas and rules can give (all in the four message files). */
export const BOOKING_ERROR_KEYS = [
  'booking.error.offer',
  'booking.error.expectedTotal',
  'booking.error.fullName',
  'booking.error.email',
  'booking.error.phone',
  'booking.error.passengerType',
  'booking.error.givenName',
  'booking.error.familyName',
  'booking.error.bornOn',
  'booking.error.gender',
  'booking.error.citizenship',
  'booking.error.documentNumber',
  'booking.error.documentExpiresOn',
  'booking.error.service',
  // A seat (core's seat-maps.ts `priceSeats`, and a seat held by another order meanwhile).
  'booking.error.seat',
  'booking.error.seatTaken',
  'booking.error.seatTwice',
  'booking.error.agreement',
  'booking.error.bookingReference',
  'booking.error.promoCode',
  // The cross-field rules' keys, defined once where the rules are (packages/core/src/booking-rules.ts).
  ...BOOKING_RULE_KEYS,
] as const;
export type BookingErrorKey = (typeof BOOKING_ERROR_KEYS)[number];
