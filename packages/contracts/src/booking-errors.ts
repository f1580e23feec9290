/**
 * The booking's message keys, in a module of their own without zod: the booking page reads them as soon as it
 * renders, and loads the form's schema (booking-form.ts) only after hydration.
 */
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
  'booking.error.agreement',
  'booking.error.bookingReference',
  // Cross-field rules (packages/core/src/booking-rules.ts)
  'booking.error.bornOnFuture',
  'booking.error.bornOnAdult',
  'booking.error.bornOnChild',
  'booking.error.bornOnInfant',
  'booking.error.documentExpired',
  'booking.error.noAdult',
  'booking.error.tooManyInfants',
  'booking.error.tooManySeated',
  'booking.error.passengersMismatch',
  'booking.error.serviceUnknown',
  'booking.error.serviceNotForPassenger',
  'booking.error.serviceDuplicate',
] as const;
export type BookingErrorKey = (typeof BOOKING_ERROR_KEYS)[number];
