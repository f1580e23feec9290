/** The agency's console API (/v1/ops, issue 13 §5–§8): requests and shared words. */
import { z } from 'zod';
import { e164PhoneSchema, orderSchema } from './booking.ts';

export const STAFF_ROLE_NAMES = ['operator', 'admin'] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];

/** A calendar date that exists (2026-13-01 does not): the search turns it into a time. */
const isoDate = z.iso.date('a date as YYYY-MM-DD');

/** GET /v1/ops/orders: one search box (reference, email, phone or passenger name) and filters. */
export const opsOrderSearchSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: orderSchema.shape.booking_status.optional(),
  payment: orderSchema.shape.payment_status.optional(),
  /** Created on or after / on or before (UTC dates). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** An airport or city code the trip starts or ends at. */
  place: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'a 3-letter code')
    .optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type OpsOrderSearch = z.infer<typeof opsOrderSearchSchema>;
export const OPS_PAGE_SIZE = 20;

export const opsOrderParamsSchema = z.object({ id: z.string().regex(/^ord_[A-Za-z0-9_-]{20,40}$/) });

/** POST /v1/ops/orders/{id}/notes: an internal note (never shown to the traveller). */
export const opsNoteSchema = z.object({ text: z.string().trim().min(1).max(2000) });

/** POST /v1/ops/orders/{id}/cancel: cancel with the refund the fare rules give (the quote shown first). */
export const opsCancelSchema = z.object({ cancellation_id: z.string().regex(/^ocn_[A-Za-z0-9_-]{20,40}$/) });

/** POST /v1/ops/staff: an admin invites an operator by email. */
export const opsInviteSchema = z.object({
  email: z
    .email()
    .max(254)
    .transform((e) => e.toLowerCase()),
  lang: z.enum(['en', 'ru', 'uz', 'tr']).default('en'),
});

export const opsStaffParamsSchema = z.object({ userId: z.uuid() });

const reasonSchema = z.string().trim().min(3).max(500);

/**
 * POST /v1/ops/orders/{id}/cancel_with_override (admins only): cancel, refunding `refund_amount` (major units
 * of the order currency, never negative, at most what was paid) instead of the fare rules' quote, with a
 * reason for the audit log. 422 `refund_exceeds_payment` | `nothing_paid` and the quote's own refusals.
 */
export const opsCancelOverrideSchema = opsCancelSchema.extend({
  refund_amount: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount such as 120.00'),
  reason: reasonSchema,
});
export type OpsCancelOverride = z.infer<typeof opsCancelOverrideSchema>;

/**
 * POST /v1/ops/orders/{id}/refunds/{refund_id}/retry: a refund the provider refused is asked for again (a new
 * request at the provider). 404 when the refund is not the order's; 422 `refund_not_failed` otherwise.
 */
export const opsRefundParamsSchema = opsOrderParamsSchema.extend({ refund_id: z.uuid() });
export const opsRefundRetrySchema = z.object({}).strict().default({});

/** POST /v1/ops/orders/{id}/resend_confirmation: the confirmation with the e-ticket again (booked and paid only). */
export const opsResendSchema = z
  .object({ lang: z.enum(['en', 'ru', 'uz', 'tr']).optional() })
  .strict()
  .default({});

/**
 * POST /v1/ops/orders/{id}/correct_contact: the contact as the traveller gave it by phone or email, with a
 * reason; the traveller is emailed about a new phone or email as when they change it themselves.
 */
export const opsCorrectContactSchema = z
  .object({
    full_name: z.string().trim().min(1).max(100).optional(),
    email: z
      .email()
      .max(254)
      .transform((e) => e.toLowerCase())
      .optional(),
    phone: e164PhoneSchema.optional(),
    reason: reasonSchema,
  })
  .strict()
  .refine((body) => body.full_name !== undefined || body.email !== undefined || body.phone !== undefined, {
    message: 'nothing to correct',
  });
export type OpsCorrectContact = z.infer<typeof opsCorrectContactSchema>;

// ---- The overview (issue 13 §8) ----------------------------------------------------------------------

/** How many days the overview shows (ending today, UTC) and the longest period one CSV export may span. */
export const OPS_OVERVIEW_DAYS = 30;
export const OPS_EXPORT_MAX_DAYS = 366;

/** GET /v1/ops/orders.csv?from=&to=: the orders created in a period (UTC dates, both included). */
export const opsExportSchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'not before `from`' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < OPS_EXPORT_MAX_DAYS, {
    path: ['to'],
    message: `at most ${OPS_EXPORT_MAX_DAYS} days after \`from\``,
  });
export type OpsExport = z.infer<typeof opsExportSchema>;

/** POST /v1/ops/outbox/{id}/retry: an email that could not be sent, tried again. */
export const opsOutboxParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'an outbox id')
    .transform(Number),
});

/** An amount per currency (the overview never adds different currencies together). */
export type OpsMoney = { currency: string; amount: string };
export type OpsOverviewDay = {
  day: string;
  searches: number;
  orders: number;
  paid_orders: number;
  revenue: OpsMoney[];
};
export type OpsOverview = {
  from: string;
  to: string;
  days: OpsOverviewDay[];
  totals: { searches: number; orders: number; paid_orders: number; revenue: OpsMoney[] };
  /** The period's orders paid (of those created in it); ratios are null when the base is 0. */
  conversion: {
    search_to_order: number | null;
    order_to_paid: number | null;
    search_to_paid: number | null;
    orders_paid: number;
  };
  top_routes: {
    origin: string;
    destination: string;
    orders: number;
    paid_orders: number;
    revenue: OpsMoney[];
  }[];
};
export type OpsOutboxEmail = {
  id: number;
  kind: string;
  /** Redacted: the first letter of the mailbox and the domain. */
  to: string;
  error: string | null;
  attempts: number;
  created_at: string;
};
export type OpsOutbox = {
  backlog: { pending: number; sending: number; failed: number; oldest_pending_at: string | null };
  failed: OpsOutboxEmail[];
};
