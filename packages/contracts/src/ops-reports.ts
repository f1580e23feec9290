/**
 * The console's sales report (docs/operations.md#reports-and-books), admins only: GET /v1/ops/reports/sales and its
 * CSV, GET /v1/ops/reports/sales.csv (text/csv; `uncontractedRoutes` in ./endpoints.ts), with the same query and
 * the same rows. Each row is one period, one value of the dimension and one currency: amounts in different
 * currencies are never added together. Amounts are major-unit strings of the row's currency.
 */
import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_GROUPS } from '@parvoz/core/books';
import { DIFFERENCE_KINDS } from '@parvoz/core/reconciliation';
import { OPS_EXPORT_MAX_DAYS } from './ops.ts';

/** The periods and the dimensions a report is made of (the console's choices). */
export { REPORT_DIMENSIONS, REPORT_GROUPS };

/** `from` to `to`, UTC days, both included; by day or month; under a supplier, airline, route, provider or currency. */
export const opsSalesReportQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    group: z.enum(REPORT_GROUPS).default('day'),
    by: z.enum(REPORT_DIMENSIONS).default('currency'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'not before `from`' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < OPS_EXPORT_MAX_DAYS, {
    path: ['to'],
    message: `at most ${OPS_EXPORT_MAX_DAYS} days after \`from\``,
  });
export type OpsSalesReportQuery = z.infer<typeof opsSalesReportQuerySchema>;

const amount = z.string();

export const opsSalesReportRowSchema = z.object({
  /** `YYYY-MM-DD` or `YYYY-MM` (UTC). */
  period: z.string(),
  /**
   * The value of the dimension: a supplier's id, an airline's code, `TAS-IST`, a provider's name, a currency, a promo
   * code ('' for the orders sold without one).
   */
  key: z.string(),
  currency: z.string(),
  /** Orders paid in the period, and what they were sold for. */
  orders: z.number().int(),
  sales: amount,
  supplier_cost: amount,
  markup: amount,
  fees: amount,
  discounts: amount,
  /** Of the discounts, what promo codes took off (by `promo_code`: what that code gave). */
  promo_discounts: amount,
  provider_fees: amount,
  /** sales − supplier cost − provider fees. */
  margin: amount,
  /** Refunds recorded in the period: how many, what they give back, and what the agency kept of those payments. */
  refunds: z.number().int(),
  refunded: amount,
  kept: amount,
  /** What the suppliers gave the agency back of their cost for those refunds (docs/operations.md#reports-and-books). */
  supplier_returned: amount,
  /** margin − refunded + supplier_returned: what the period earned once its refunds are counted. */
  margin_after_refunds: amount,
});
export type OpsSalesReportRow = z.infer<typeof opsSalesReportRowSchema>;

/** What a reconciliation found at odds with our books (docs/operations.md#reports-and-books). */
export const REPORT_DISAGREEMENT_KINDS = [
  // A payment provider's statement against our payments (packages/core/src/reconciliation.ts).
  ...DIFFERENCE_KINDS,
  // A supplier's total for the order against the supplier cost the books recorded.
  'supplier_total',
] as const;

/**
 * An order a reconciliation run of the period found in disagreement: a provider's statement (`source: provider`,
 * amounts of the payment as each side has it taken, 0 on a side that has it not settled) or a supplier's total
 * (`source: supplier`, the supplier's total against the books' supplier cost, in the supplier's currency).
 * `difference` is theirs − ours, null when the currencies differ.
 */
export const opsReportDisagreementSchema = z.object({
  source: z.enum(['provider', 'supplier']),
  /** The provider's name or the supplier's id. */
  name: z.string(),
  kind: z.enum(REPORT_DISAGREEMENT_KINDS),
  order_id: z.string(),
  booking_reference: z.string(),
  /** When a run last found it (a provider's: the last run of the period; a supplier's: the last run yet). */
  found_at: z.iso.datetime(),
  ours: amount,
  ours_currency: z.string(),
  theirs: amount,
  theirs_currency: z.string(),
  difference: amount.nullable(),
});
export type OpsReportDisagreement = z.infer<typeof opsReportDisagreementSchema>;

export const opsSalesReportResponseSchema = z.object({
  data: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    group: z.enum(REPORT_GROUPS),
    by: z.enum(REPORT_DIMENSIONS),
    rows: z.array(opsSalesReportRowSchema),
    /** The orders the reconciliations found at odds with our books in the period, the latest first. */
    disagreements: z.array(opsReportDisagreementSchema),
  }),
});
export type OpsSalesReport = z.infer<typeof opsSalesReportResponseSchema>['data'];
