import { z } from 'zod';

/** GET /v1/orders?status=active|history */
export const ordersListQuerySchema = z.object({
  status: z.enum(['active', 'history']).default('active'),
});

/** An order in the signed-in user's lists (spec §3 "Order"). */
export const orderSummarySchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  created_at: z.string(),
  booking_status: z.enum(['new', 'booked', 'cancelled']),
  payment_status: z.enum(['not_paid', 'paid']),
  /** Beside the spec's two (docs/after-sale.md). */
  refund_status: z.enum(['none', 'pending', 'refunded']),
  total_amount: z.string(),
  total_currency: z.string(),
  contact_full_name: z.string(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  departing_at: z.string().nullable(),
  arriving_at: z.string().nullable(),
  passengers: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** GET /v1/orders */
export const ordersListResponseSchema = z.object({ data: z.array(orderSummarySchema) });
