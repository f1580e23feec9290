/** The agency's console API (/v1/ops, docs/after-sale.md §5–§8): requests and shared words. */
import { z } from 'zod';
import { LOCALES } from '@parvoz/i18n/locales';
import { e164PhoneSchema, orderSchema } from './booking.ts';
import { secondFactorStatusSchema } from './ops-second-factor.ts';
import { localizedAnswer } from './ops-tours.ts';

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

// The staff page's requests, in a module of their own: the page need not load the phone-number data.
export { opsInviteSchema, opsStaffParamsSchema } from './ops-staff.ts';

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
  .object({ lang: z.enum(LOCALES).optional() })
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

// ---- The overview (docs/after-sale.md §8) -----------------------------------------------------------------

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

// ---- Answers (what apps/api/src/modules/ops/*.ts build; instants as ISO strings) --------------------

/** A UTC instant as the API writes it (`Date.prototype.toISOString`). */
const instant = z.iso.datetime();
/** An amount in major units of its currency, as a string ("120.00"). */
const amount = z.string();
/** Free-form facts of an audit entry or a timeline event (an action's own fields). */
const details = z.record(z.string(), z.unknown());

/**
 * GET /v1/ops/me: who the signed-in staff member is, and where the session stands with the second factor
 * (./ops-second-factor.ts): the console sends `verify` and `enrol` to its second-factor page.
 */
export const opsMeSchema = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLE_NAMES),
  second_factor: secondFactorStatusSchema,
});
export type OpsMe = z.infer<typeof opsMeSchema>;
export const opsMeResponseSchema = z.object({ data: opsMeSchema });

/** One row of the order search. */
export const opsOrderRowSchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  booking_status: orderSchema.shape.booking_status,
  payment_status: orderSchema.shape.payment_status,
  refund_status: orderSchema.shape.refund_status,
  total_amount: amount,
  currency: z.string(),
  created_at: instant,
  /** "TAS–IST": the first slice's origin and destination. */
  route: z.string(),
  /** The first slice's departure (local time of its airport, as the offer has it). */
  departing_at: z.string(),
});
export type OpsOrderRow = z.infer<typeof opsOrderRowSchema>;
export const opsOrderSearchResponseSchema = z.object({
  data: z.object({
    orders: z.array(opsOrderRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

/** Something that happened to an order (its times, payments, refunds, emails, operator actions). */
export const opsTimelineEventSchema = z.object({
  at: instant,
  kind: z.string(),
  /** Who: an operator's email, `traveller`, `provider`, `system`. */
  by: z.string(),
  details,
});
export type OpsTimelineEvent = z.infer<typeof opsTimelineEventSchema>;

/** A refund of the order as the console shows it (a refused one can be asked for again). */
export const opsRefundSchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount,
  currency: z.string(),
  failure_reason: z.string().nullable(),
  retries: z.number().int(),
});
export type OpsRefund = z.infer<typeof opsRefundSchema>;

/**
 * A real supplier's side of an order (docs/duffel.md: Duffel), for the console only: its order id (to find it
 * in the supplier's dashboard), the airline's booking reference, what the supplier charges the agency (in its
 * currency), and when the agency paid it or the supplier's order was released. Null for the built-in
 * network's orders.
 */
export const opsOrderSupplierSchema = z.object({
  name: z.string(),
  order_id: z.string().nullable(),
  booking_reference: z.string().nullable(),
  total_amount: z.string().nullable(),
  total_currency: z.string().nullable(),
  paid_at: instant.nullable(),
  cancelled_at: instant.nullable(),
  /**
   * A paid order not yet ticketed by the airline: `waiting` for its tickets since `since` (the traveller's
   * payment), or `problem` — the supplier would not ticket it (`problem`: price_changed, insufficient_balance,
   * outcome_unknown, cancelled, refused; `detail`: the supplier's own words, or for outcome_unknown the failed
   * call's status and request id) — an operator's task: retry, or cancel and refund.
   */
  ticketing: z
    .object({
      status: z.enum(['waiting', 'problem']),
      problem: z.string().nullable(),
      detail: z.unknown(),
      since: instant.nullable(),
    })
    .nullable(),
  /**
   * A paid order's supplier order not settled: `pending` (accepted, not confirmed yet), `unknown` (the supplier's
   * answer was lost and no order was found: check the supplier's dashboard; never created again), `failed` (the
   * supplier made none: refunded by the next pass). Absent or null when settled.
   */
  booking_outcome: z.enum(['pending', 'unknown', 'failed']).nullable().optional(),
});
export type OpsOrderSupplier = z.infer<typeof opsOrderSupplierSchema>;

/** GET /v1/ops/orders/{id}: the order as its traveller sees it, its timeline (oldest first), refunds and supplier. */
export const opsOrderDetailResponseSchema = z.object({
  data: z.object({
    order: orderSchema,
    timeline: z.array(opsTimelineEventSchema),
    refunds: z.array(opsRefundSchema),
    supplier: opsOrderSupplierSchema.nullable(),
  }),
});

export const opsNoteResponseSchema = z.object({ data: z.object({ recorded: z.literal(true) }) });
export const opsRefundRetryResponseSchema = z.object({
  data: z.object({ refund_id: z.uuid(), status: z.literal('pending') }),
});
export const opsResendResponseSchema = z.object({ data: z.object({ accepted: z.literal(true) }) });

/** GET /v1/ops/staff (admins). */
export const opsStaffMemberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  role: z.enum(STAFF_ROLE_NAMES),
  granted_at: instant,
});
export type OpsStaffMember = z.infer<typeof opsStaffMemberSchema>;
export const opsStaffResponseSchema = z.object({ data: z.array(opsStaffMemberSchema) });

/** POST /v1/ops/staff: 201 when the role was given now (an invitation is emailed), 200 when they had it. */
export const opsInviteResponseSchema = z.object({
  data: z.object({
    user_id: z.uuid(),
    email: z.string(),
    role: z.enum(STAFF_ROLE_NAMES),
    invited: z.boolean(),
  }),
});

/** GET /v1/ops/audit (admins): the latest entries of the append-only audit log, newest first. */
export const opsAuditEntrySchema = z.object({
  at: instant,
  /** The staff member's email; null for an entry without one. */
  actor: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /**
   * How the console names the target: a person's email, an order's booking reference, an agency's company, who
   * asked for a tour; null where there is nothing else to name it by (the id stands).
   */
  target_label: z.string().nullable().optional(),
  /** A tour's title in every language (the tour's, or the one a request asked about), for the console's own. */
  target_title: localizedAnswer.nullable().optional(),
  details,
});
export type OpsAuditEntry = z.infer<typeof opsAuditEntrySchema>;
export const opsAuditResponseSchema = z.object({ data: z.array(opsAuditEntrySchema) });

/** An amount per currency (the overview never adds different currencies together). */
export const opsMoneySchema = z.object({ currency: z.string(), amount });
export type OpsMoney = z.infer<typeof opsMoneySchema>;
/** The refunds that succeeded in one currency: how many, and what they gave back. */
export const opsRefundTotalSchema = opsMoneySchema.extend({ count: z.number().int() });
export type OpsRefundTotal = z.infer<typeof opsRefundTotalSchema>;
export const opsOverviewDaySchema = z.object({
  day: z.iso.date(),
  searches: z.number().int(),
  orders: z.number().int(),
  paid_orders: z.number().int(),
  /** What was paid on the day less what was refunded on it (may be below 0 on a day of refunds). */
  revenue: z.array(opsMoneySchema),
  /** What was refunded on the day (refunds that succeeded), per currency with their count. */
  refunds: z.array(opsRefundTotalSchema),
});
export type OpsOverviewDay = z.infer<typeof opsOverviewDaySchema>;
const ratio = z.number().nullable();
export const opsOverviewSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.array(opsOverviewDaySchema),
  totals: z.object({
    searches: z.number().int(),
    orders: z.number().int(),
    /** The orders paid in the period, those refunded since included (the refunds say how many). */
    paid_orders: z.number().int(),
    /** What was paid less what was refunded, per currency. */
    revenue: z.array(opsMoneySchema),
    refunds: z.array(opsRefundTotalSchema),
  }),
  /** The period's orders paid (of those created in it); ratios are null when the base is 0. */
  conversion: z.object({
    search_to_order: ratio,
    order_to_paid: ratio,
    search_to_paid: ratio,
    orders_paid: z.number().int(),
  }),
  top_routes: z.array(
    z.object({
      origin: z.string(),
      destination: z.string(),
      orders: z.number().int(),
      paid_orders: z.number().int(),
      revenue: z.array(opsMoneySchema),
    }),
  ),
});
export type OpsOverview = z.infer<typeof opsOverviewSchema>;
export const opsOverviewResponseSchema = z.object({ data: opsOverviewSchema });

export const opsOutboxEmailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** Redacted: the first letter of the mailbox and the domain. */
  to: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: instant,
});
export type OpsOutboxEmail = z.infer<typeof opsOutboxEmailSchema>;
export const opsOutboxSchema = z.object({
  backlog: z.object({
    pending: z.number().int(),
    sending: z.number().int(),
    failed: z.number().int(),
    oldest_pending_at: instant.nullable(),
  }),
  failed: z.array(opsOutboxEmailSchema),
});
export type OpsOutbox = z.infer<typeof opsOutboxSchema>;
export const opsOutboxResponseSchema = z.object({ data: opsOutboxSchema });
export const opsEmailRetryResponseSchema = z.object({
  data: z.object({ id: z.number().int(), status: z.literal('pending') }),
});
