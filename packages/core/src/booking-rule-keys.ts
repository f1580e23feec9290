/**
 * The message keys of the booking rules (booking-rules.ts), in a module of their own with nothing else: the
 * contract's booking error keys (packages/contracts/src/booking-errors.ts) are these and the form's, and the
 * booking page loads that list as it renders, so it must not pull in the rules themselves.
 */
export const BOOKING_RULE_KEYS = [
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
export type BookingRuleKey = (typeof BOOKING_RULE_KEYS)[number];
