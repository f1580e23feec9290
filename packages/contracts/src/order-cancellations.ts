/**
 * Cancelling an order (issues 11 and 13), Duffel-style in two steps:
 *  - POST /v1/order_cancellations?access_token=   body OrderCancellationRequest
 *      → 201 { data: OrderCancellation } pending (confirmed_at null): the QUOTE, valid until `expires_at`.
 *        For an unpaid order nothing goes back; for a paid one `refund_amount` (order currency) is what its
 *        fare rules give back now (light: the taxes; standard: less the fee). 404 not_found unless the caller
 *        is the order's signed-in owner or holds its access token; 422 unprocessable
 *        { reason: 'already_cancelled' | 'departed' | 'not_cancellable' } when it cannot be cancelled.
 *  - POST /v1/order_cancellations/:id/actions/confirm?access_token=
 *      → 200 { data: OrderCancellation } confirmed: the order is cancelled and its seats are on sale again at
 *        once (same transaction); a paid order's tickets are voided and its refund is started at the payment
 *        provider (the order's `refund_status` is `pending` until the provider confirms, then `refunded`).
 *        Confirming again answers the same. 404 as above; 422 unprocessable { reason:
 *        'cancellation_expired' | 'already_cancelled' | 'departed' | 'quote_outdated' } (the order was paid
 *        after an unpaid quote: ask for a new quote).
 * Both: 429 rate_limited (20 per 10 min per user or IP).
 */
import { z } from 'zod';

export const orderCancellationRequestSchema = z.object({
  order_id: z.string().regex(/^ord_[A-Za-z0-9_-]{20,40}$/),
});
export type OrderCancellationRequest = z.infer<typeof orderCancellationRequestSchema>;

export const orderCancellationIdParamsSchema = z.object({
  id: z.string().regex(/^ocn_[A-Za-z0-9_-]{20,40}$/),
});

export const orderCancellationSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  /** What goes back to the traveller, in major units of `refund_currency` (the order's): "0.00" when unpaid. */
  refund_amount: z.string(),
  refund_currency: z.string(),
  /**
   * Which rule gave the amount: `nothing_paid` (unpaid order), `taxes_only` (light fare),
   * `fare_minus_penalty` (standard fare).
   */
  refund_rule: z.enum(['nothing_paid', 'taxes_only', 'fare_minus_penalty']),
  /**
   * What the agency keeps of the payment (the light fare, or the standard fare's fee, and the service fee unless
   * it comes back); "0.00" when unpaid.
   */
  kept_amount: z.string(),
  /**
   * A paid order's service fee (the agency's, a line of its price), present only when it has one, and whether this
   * refund gives it back: on a voluntary cancellation only when the whole fare comes back
   * (docs/operations.md#cancellations-and-refunds).
   */
  service_fee_amount: z.string().optional(),
  service_fee_refunded: z.boolean().optional(),
  /**
   * Where the airline's refund goes: `payment` (money back to the card), or the airline's `voucher` /
   * `airline_credits` (no money: the credits below, to spend with the airline), or `unknown` (the airline gave
   * no amount: an operator's quote, which only an admin confirms, with the amount agreed).
   */
  refund_to: z.enum(['payment', 'voucher', 'airline_credits', 'unknown']).optional(),
  /** The airline's credits (code, amount, currency) when `refund_to` is a voucher or credits. */
  airline_credits: z
    .array(z.object({ code: z.string(), name: z.string(), amount: z.string(), currency: z.string() }))
    .optional(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Null while pending. */
  confirmed_at: z.string().nullable(),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/** Both steps: 201 the quote, 200 the confirmed cancellation. */
export const orderCancellationResponseSchema = z.object({ data: orderCancellationSchema });

/** The `reason` of a 422 refusal of either step. */
export const CANCELLATION_REFUSALS = [
  'already_cancelled',
  'departed',
  'not_cancellable',
  'cancellation_expired',
  'quote_outdated',
  // An admin's override in the console (ops.ts): more than was paid, or nothing paid to refund.
  'refund_exceeds_payment',
  'nothing_paid',
] as const;
export type CancellationRefusal = (typeof CANCELLATION_REFUSALS)[number];
