/**
 * Booking, payment and "where is my ticket" (docs/design.md §4): THE CONTRACT between the API (apps/api,
 * routes v1/orders, v1/payments, v1/sandbox-pay) and the web's booking, order and my-ticket pages. Both sides
 * import these schemas and types; change them only together.
 *
 * Errors. Every schema message below is a MESSAGE KEY of packages/i18n (`booking.error.*`), so the page
 * shows it in its own language. The API answers a bad body with 400 `validation_failed` and
 * `details: BookingFieldError[]` (`path` is a JSON pointer such as "/passengers/0/born_on"); the rules that
 * depend on the flight dates and on the offer (packages/core/src/booking-rules.ts: age band on the date of
 * the last flight, document valid past the end of the trip, infants ≤ adults, ≤ 9 seated, passengers and
 * luggage matching the offer) come back the same way, so the page handles one shape.
 *
 * Endpoints (all answers `{ data: ... }` or the error envelope of errors.ts; each is defined once in
 * endpoints.ts with these schemas, which the routes use and the web calls through `callEndpoint`):
 *  - POST /v1/orders                    header `Idempotency-Key` (required: 8–200 of [A-Za-z0-9_.:-], e.g. a
 *                                       UUID; a new one when the body changes), body CreateOrderRequest
 *                                       → 201 { data: Order } (with access_token; a retry gets the same order with a new token).
 *                                       410 offer_expired; 409 offer_unavailable (sold out);
 *                                       422 unprocessable + details PriceChangedDetails when the price differs
 *                                       from `expected_total` (send the request again with the new total to
 *                                       accept it, with a new key); 422 with same key + other body; 409 key
 *                                       still in progress; 429 rate_limited (20 per 10 min per user or IP);
 *                                       422 hold_limit_reached + details HoldLimitDetails when the client's
 *                                       unpaid orders (by contact email, client IP or signed-in user) already
 *                                       hold the allowed seats or orders: pay or cancel one first.
 *  - GET  /v1/orders/:id?access_token=  → { data: Order } (owner when signed in, or the token; else 404)
 *  - POST /v1/orders/:id/payments?access_token=   body PaymentStartRequest (may be {})
 *                                       → 201 { data: { redirect_url } } (go there: the sandbox card page);
 *                                       422 unprocessable when paid, cancelled or past the deadline
 *  - GET  /v1/orders/:id/ticket.pdf?access_token=&lang=  → application/pdf (only when paid; else 404)
 *  - POST /v1/orders/lookup             body MyTicketLookupRequest → 202 { data: { accepted: true } } always
 *                                       (10 per hour per IP, then 429)
 *  - GET  /v1/orders?status=active|history   the signed-in user's list (modules/booking/create-order.ts)
 * `values.date` of a rule error is YYYY-MM-DD: format it for the page before passing it to the message.
 *  - POST /v1/order_cancellations?access_token=   body { order_id } (modules/after-sale/cancellations.ts)
 *  - managing a booking (contact, tickets again, receipt): modules/after-sale/manage.ts
 * After paying, the sandbox sends the browser to `/{lang}/orders/{id}?payment=success|declined` (never with the
 * access token: the web keeps it in a cookie, a signed-in owner needs none).
 */
import { z } from 'zod';
import { CABINS, PASSENGER_TYPES } from '@parvoz/core/vocabulary';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import { fareFamilySchema } from './search.ts';
import {
  agreementSchema,
  bookingContactSchema,
  contactEmailSchema,
  bookingPassengerSchema,
  bookingServiceSchema,
  passengerList,
} from './booking-form.ts';

import { promoCodeSchema } from './promo-codes.ts';
import { bookingSeatSchema, orderSeatSchema } from './seats.ts';

export * from './booking-form.ts';

/** One field error of a 400 `validation_failed` answer. */
export const bookingFieldErrorSchema = z.object({
  in: z.string().optional(),
  /** JSON pointer into the request body, e.g. "/passengers/1/born_on"; "" for the body as a whole. */
  path: z.string(),
  /** A message key (BookingErrorKey) for booking bodies. */
  message: z.string(),
  /** ICU values of the message, e.g. { date: "2026-12-20" } (a YYYY-MM-DD date to format). */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BookingFieldError = z.infer<typeof bookingFieldErrorSchema>;

/** An amount as the API writes it: major units, "412.50" or "5230000". */
export const amountSchema = z.string().regex(/^\d{1,12}(?:\.\d{1,2})?$/, 'booking.error.expectedTotal');

/** Body of POST /v1/orders. */
export const createOrderRequestSchema = z.object({
  offer_id: z.string({ error: 'booking.error.offer' }).min(1, 'booking.error.offer').max(2000),
  /**
   * The total the traveller saw, luggage included (offer `total_amount` plus the chosen services, in
   * `currency`). When the re-priced total differs the API refuses with 422 + PriceChangedDetails; send the
   * request again with `new_total` (and a new Idempotency-Key) to accept. Omit to skip the check.
   */
  expected_total: amountSchema.optional(),
  /** Currency of the order (the display currency of the offer page); default: the offer's own. */
  currency: z.enum(CURRENCIES).optional(),
  /** Language of the emails, the e-ticket and the payment page. */
  lang: z.enum(LOCALES).default('en'),
  contact: bookingContactSchema,
  /** In the offer's order: adults, then children, then infants (the counts must match the offer). */
  passengers: passengerList(bookingPassengerSchema),
  services: z.array(bookingServiceSchema).max(36).default([]),
  /**
   * Seats chosen from the offer's seat maps (GET /v1/offers/{id}/seat_maps), at most one per passenger and
   * flight; their prices are in `expected_total`. A seat taken meanwhile: 400 `booking.error.seatTaken` at it.
   */
  seats: z.array(bookingSeatSchema).max(120).default([]),
  agreement: agreementSchema,
  /** Signed-in only: also save these passengers as saved travellers (ignored for anonymous callers). */
  save_travellers: z.boolean().optional(),
  /**
   * A promo code (docs/decisions/0029-promo-codes.md): its discount is in the order's total (and so in
   * `expected_total`); a code that cannot be used refuses the booking with 422 and its reason.
   */
  promo_code: promoCodeSchema.optional(),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;
export type CreateOrderInput = z.output<typeof createOrderRequestSchema>;

/** 422 `unprocessable` details when the re-priced offer costs another amount. */
export const priceChangedDetailsSchema = z.object({
  reason: z.literal('price_changed'),
  old_total: z.string(),
  new_total: z.string(),
  currency: z.string(),
});
export type PriceChangedDetails = z.infer<typeof priceChangedDetailsSchema>;

// ---------------------------------------------------------------------------------------------------------
// The order as the API shows it

const carrierSchema = z.object({ iata_code: z.string(), name: z.string() });

/** A flight of an offer or an order (OfferSegment in packages/core/src/search-types.ts). */
export const orderSegmentSchema = z.object({
  flight_key: z.string(),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string(),
  arriving_at: z.string(),
  duration: z.string(),
  marketing_carrier: carrierSchema,
  flight_number: z.string(),
  aircraft: carrierSchema,
  cabin_class: z.enum(CABINS),
  distance_km: z.number(),
  connection_minutes: z.number().optional(),
});

/** A slice of an offer or an order (OfferSlice in packages/core/src/search-types.ts). */
export const orderSliceSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string(),
  arriving_at: z.string(),
  duration: z.string(),
  duration_minutes: z.number(),
  transfers: z.number(),
  segments: z.array(orderSegmentSchema),
});
export type OrderSlice = z.infer<typeof orderSliceSchema>;

/**
 * The price of all passengers of one type: total_amount = fare_amount + tax_amount + luggage_amount +
 * seats_amount + service_fee_amount − discount_amount exactly (packages/core/src/price-breakdown.ts; the agency's markups are part
 * of the fare, docs/operations.md#pricing-rules).
 */
export const priceBreakdownItemSchema = z.object({
  passenger_type: z.enum(PASSENGER_TYPES),
  count: z.number(),
  fare_amount: z.string(),
  tax_amount: z.string(),
  luggage_amount: z.string(),
  /** The seats chosen for these passengers: present only when not zero (then in the total too). */
  seats_amount: z.string().optional(),
  /** The agency's service fee for these passengers: present only when not zero. */
  service_fee_amount: z.string().optional(),
  /** The agency's discount for these passengers, taken off (a positive amount): present only when not zero. */
  discount_amount: z.string().optional(),
  total_amount: z.string(),
  currency: z.string(),
});

/** One 13-digit e-ticket number: one per passenger and flight (segment), issued once paid. */
export const orderTicketSchema = z.object({
  slice_index: z.number(),
  segment_index: z.number(),
  flight_key: z.string(),
  ticket_number: z.string(),
});

export const orderPassengerSchema = z.object({
  type: z.enum(PASSENGER_TYPES),
  given_name: z.string(),
  family_name: z.string(),
  born_on: z.string(),
  gender: z.enum(['male', 'female']),
  citizenship: z.string(),
  document: z.object({ number: z.string(), expires_on: z.string().nullable() }),
  /** Luggage bought for this passenger. */
  services: z.array(
    z.object({ id: z.string(), slice_index: z.number(), weight_kg: z.number(), amount: z.string() }),
  ),
  /** The seats chosen for this passenger, one per flight at most (none: the airline seats them at check-in). */
  seats: z.array(orderSeatSchema),
  /** Empty until paid. */
  tickets: z.array(orderTicketSchema),
});
export type OrderPassenger = z.infer<typeof orderPassengerSchema>;

/**
 * The fare conditions of an offer or an order (packages/core/src/fare-rules.ts), Duffel-style: `allowed`
 * says whether the FARE comes back before departure, less `penalty_amount` (all passengers, in
 * `penalty_currency`); the taxes always come back. Light: not allowed (taxes only); standard: allowed.
 */
export const fareConditionsSchema = z.object({
  refund_before_departure: z.object({
    allowed: z.boolean(),
    penalty_amount: z.string().nullable(),
    penalty_currency: z.string().nullable(),
    taxes_refundable: z.literal(true),
  }),
});
export type FareConditionsView = z.infer<typeof fareConditionsSchema>;

/**
 * Money going back to the traveller (docs/after-sale.md): from a cancellation, a payment that came too late,
 * or a paid order the airline then refused to book (docs/duffel.md: an offer booked at pay time).
 */
export const orderRefundSchema = z.object({
  amount: z.string(),
  currency: z.string(),
  reason: z.enum(['cancellation', 'late_payment', 'supplier_refused']),
  status: z.enum(['pending', 'refunded']),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/**
 * A fiscal receipt the payment provider registered with the tax committee for the order (Uzbekistan: Payme's
 * SetFiscalData): `sale` for the payment, `refund` for its cancellation; `url` is the receipt on ofd.soliq.uz.
 */
export const fiscalReceiptSchema = z.object({
  provider: z.string(),
  kind: z.enum(['sale', 'refund']),
  url: z.string().nullable(),
  receipt_id: z.string().nullable(),
  /** The receipt's date and time as registered (YYYYMMDDHHmmss, Tashkent time), when given. */
  registered_at: z.string().nullable(),
});
export type FiscalReceipt = z.infer<typeof fiscalReceiptSchema>;

/** One flight of an airline-initiated change: local times with their offsets. */
export const changedFlightSchema = z.object({
  carrier: z.string(),
  flight_number: z.string(),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string(),
  arriving_at: z.string(),
});

/**
 * A change the airline made to a supplier's order (docs/duffel.md: Duffel's airline-initiated changes): the
 * flights as booked and as they are now; `acceptable` while the traveller may accept it here; `accepted_at`
 * once done.
 */
export const airlineChangeSchema = z.object({
  id: z.string(),
  detected_at: z.string(),
  removed: z.array(changedFlightSchema),
  added: z.array(changedFlightSchema),
  acceptable: z.boolean(),
  /** The supplier's `action_taken` (accepted, cancelled, changed), null while open. */
  action_taken: z.string().nullable(),
  action_taken_at: z.string().nullable(),
  /** When the accepted change was written into the order's itinerary (`slices` show its new flights); null before. */
  applied_at: z.string().nullable(),
});
export type AirlineChange = z.infer<typeof airlineChangeSchema>;

export const orderSchema = z.object({
  id: z.string(),
  /** 6 characters, e.g. "K7QX2M". */
  booking_reference: z.string(),
  /**
   * For an order booked at a real supplier (docs/duffel.md: Duffel), the airline's booking reference (PNR)
   * the supplier gave, to use with the airline; null for the built-in network's orders.
   */
  supplier_booking_reference: z.string().nullable(),
  created_at: z.string(),
  booking_status: z.enum(['new', 'booked', 'cancelled']),
  payment_status: z.enum(['not_paid', 'paid']),
  /**
   * Paid and not yet ticketed by the airline (`new` / `paid`): `in_progress` while the supplier is paid and its
   * tickets awaited, `delayed` when the supplier would not ticket it and an operator is settling it (tickets or a
   * full refund); null otherwise. No ticket numbers are shown before the airline's.
   */
  ticketing: z.enum(['in_progress', 'delayed']).nullable(),
  /** Beside the spec's two (docs/after-sale.md): none, pending while money is on its way back, refunded. */
  refund_status: z.enum(['none', 'pending', 'refunded']),
  refunds: z.array(orderRefundSchema),
  /** Changes the airline made to the flights (supplier orders only; empty for the built-in network's). */
  airline_changes: z.array(airlineChangeSchema),
  /** The fiscal receipts of the order's payments, oldest first (empty until the provider hands one over). */
  fiscal_receipts: z.array(fiscalReceiptSchema),
  /** True while a traveller may ask for a cancellation: unpaid and payable, or paid before departure. */
  cancellable: z.boolean(),
  /** Set when a cancellation voided the tickets (their numbers stay listed). */
  tickets_voided_at: z.string().nullable(),
  /** UTC instant: an unpaid order is cancelled and its seats released then. */
  payment_deadline: z.string(),
  paid_at: z.string().nullable(),
  /** True while "pay" makes sense: new, not paid, before the deadline. */
  payable: z.boolean(),
  total_amount: z.string(),
  total_currency: z.string(),
  base_amount: z.string(),
  tax_amount: z.string(),
  luggage_amount: z.string(),
  price_breakdown: z.array(priceBreakdownItemSchema),
  contact: z.object({ full_name: z.string(), email: z.string(), phone: z.string() }),
  passengers: z.array(orderPassengerSchema),
  cabin_class: z.enum(CABINS),
  fare_family: fareFamilySchema,
  /** The conditions agreed at booking, in the order currency. */
  conditions: fareConditionsSchema,
  slices: z.array(orderSliceSchema),
  /** The promo code the order carries and what it took off (in the total already); absent for none. */
  promo: z.object({ code: z.string(), discount_amount: z.string() }).optional(),
  /** Only in the answer of POST /v1/orders: the secret of the access link (`?access_token=`). */
  access_token: z.string().optional(),
  /** Language of the emails and the e-ticket. */
  lang: z.enum(LOCALES),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /v1/orders (201, with `access_token`), GET /v1/orders/:id and the manage actions that answer the order. */
export const orderResponseSchema = z.object({ data: orderSchema });
export type BookingStatus = Order['booking_status'];
export type PaymentStatus = Order['payment_status'];
export type RefundStatus = Order['refund_status'];

/** Details of 422 hold_limit_reached: which cap, and the unpaid order to pay or cancel first. */
export const holdLimitDetailsSchema = z.object({
  reason: z.literal('hold_limit'),
  /** Too many unpaid orders, or too many seats held by them. */
  limit: z.enum(['orders', 'seats']),
  /** How the client was recognised: its contact email, its IP or its account. */
  scope: z.enum(['email', 'ip', 'user']),
  max_seats: z.number().int(),
  max_unpaid_orders: z.number().int(),
  /**
   * The unpaid order to pay or cancel (null when the booking alone is above the seat cap). Only its id:
   * reading or cancelling it still needs its owner's session or its access link.
   */
  order_id: z.string().nullable(),
  /** True when the order belongs to the signed-in caller (its page can be linked directly). */
  owned: z.boolean(),
});
export type HoldLimitDetails = z.infer<typeof holdLimitDetailsSchema>;

export const orderIdParamsSchema = z.object({ id: z.string().regex(/^ord_[A-Za-z0-9_-]{20,40}$/) });
export const airlineChangeParamsSchema = orderIdParamsSchema.extend({
  change_id: z.string().regex(/^chg_[A-Za-z0-9_-]{20,40}$/),
});

/** `?access_token=` of order reads and actions (optional: the signed-in owner needs none). */
export const orderAccessQuerySchema = z.object({
  access_token: z.string().max(200).optional(),
});

export const ticketPdfQuerySchema = orderAccessQuerySchema.extend({ lang: z.enum(LOCALES).optional() });

/** A payment provider's name: `sandbox`, `payme`, `click`, … (GET /v1/orders/:id/payment_options lists them). */
export const paymentProviderNameSchema = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/);

/** Body of POST /v1/orders/:id/payments (may be empty). */
export const paymentStartRequestSchema = z
  .object({
    /** Language of the card page (default: the order's). */
    lang: z.enum(LOCALES).optional(),
    /**
     * The provider the traveller picked, one of the order's payment options (default: the first). Any other
     * is 422 `unprocessable` with details { reason: "provider_not_offered", offered: [names] }.
     */
    provider: paymentProviderNameSchema.optional(),
  })
  .default({});
export type PaymentStartRequest = z.input<typeof paymentStartRequestSchema>;

export const paymentStartResponseSchema = z.object({
  data: z.object({ redirect_url: z.string(), provider: z.string() }),
});
export type PaymentStartResponse = z.infer<typeof paymentStartResponseSchema>;

/**
 * GET /v1/orders/:id/payment_options?access_token= → the providers the order may be paid with (its currency
 * and the site's configuration decide), best first; the same access as reading the order (else 404).
 */
export const paymentOptionsResponseSchema = z.object({
  data: z.object({ providers: z.array(z.object({ name: z.string() })).min(1) }),
});
export type PaymentOptions = z.infer<typeof paymentOptionsResponseSchema>['data'];

/** GET /v1/payments/providers (public): the providers this site takes, with the currencies each is offered for. */
export const paymentProvidersResponseSchema = z.object({
  data: z.object({
    providers: z.array(z.object({ name: z.string(), currencies: z.array(z.string()) })),
  }),
});
export type PaymentProvidersList = z.infer<typeof paymentProvidersResponseSchema>['data'];

/**
 * How a payment provider is shown to travellers, in the asked language: its name (a brand keeps its own), what it
 * is for (null: its name alone), and its badge, a rounded square in its colour with one glyph (no downloaded logo).
 * The words are the messages of packages/i18n its folder names (docs/payment-providers.md).
 */
export const paymentProviderDisplaySchema = z.object({
  name: paymentProviderNameSchema,
  display_name: z.string().min(1).max(60),
  description: z.string().min(1).nullable(),
  badge: z.object({
    background: z.string().regex(/^#[0-9a-f]{6}$/i),
    foreground: z.string().regex(/^#[0-9a-f]{6}$/i),
    glyph: z.string().min(1).max(2),
  }),
});
export type PaymentProviderDisplay = z.infer<typeof paymentProviderDisplaySchema>;

/** GET /v1/payments/provider_displays?lang= (public): how each provider the site knows is shown, configured or not. */
export const paymentProviderDisplaysQuerySchema = z.object({ lang: z.enum(LOCALES).default('en') });
export const paymentProviderDisplaysResponseSchema = z.object({
  data: z.object({ providers: z.array(paymentProviderDisplaySchema) }),
});

/**
 * The `payment` query parameter of the order page: after the sandbox's card page (success or declined), or
 * back from an outside provider's page (`returned`: the outcome comes from the provider, not the browser).
 */
export const PAYMENT_RESULTS = ['success', 'declined', 'returned'] as const;

/**
 * iyzico's Checkout Form callback (docs/payment-providers.md): the traveller's browser POSTs the form's
 * `token` back to `/v1/payments/iyzico/callback` (application/x-www-form-urlencoded); the result is then
 * asked of iyzico.
 */
export const iyzicoCallbackBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'not an iyzico token'),
});

/** The query of that callback: our payment, as the `callbackUrl` given to iyzico names it. */
export const iyzicoCallbackQuerySchema = z.object({ payment: z.uuid() });

export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

/** Body of POST /v1/orders/lookup ("where is my ticket"). */
export const myTicketLookupRequestSchema = z.object({
  booking_reference: z
    .string({ error: 'booking.error.bookingReference' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{6}$/, 'booking.error.bookingReference')),
  email: contactEmailSchema,
  lang: z.enum(LOCALES).default('en'),
});
export type MyTicketLookupRequest = z.input<typeof myTicketLookupRequestSchema>;

export const myTicketLookupResponseSchema = z.object({ data: z.object({ accepted: z.literal(true) }) });
