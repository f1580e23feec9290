/**
 * Cancelling an unpaid order (issue 11), Duffel-style in two steps:
 *  - POST /v1/order_cancellations?access_token=   body OrderCancellationRequest
 *      → 201 { data: OrderCancellation } pending (confirmed_at null), valid until `expires_at`;
 *        404 not_found unless the caller is the order's signed-in owner or holds its access token;
 *        422 unprocessable { reason: 'already_paid' | 'already_cancelled' } when it cannot be cancelled.
 *  - POST /v1/order_cancellations/:id/actions/confirm?access_token=
 *      → 200 { data: OrderCancellation } confirmed: the order is cancelled and its seats are on sale again
 *        at once (same transaction). Confirming again answers the same. 404 as above; 422 unprocessable
 *        { reason: 'cancellation_expired' | 'already_paid' | 'already_cancelled' }.
 * Both: 429 rate_limited (20 per 10 min per user or IP). Nothing was paid, so nothing is refunded.
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
  /** What goes back to the traveller: always zero (only unpaid orders are cancelled here). */
  refund_amount: z.string(),
  refund_currency: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Null while pending. */
  confirmed_at: z.string().nullable(),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;
