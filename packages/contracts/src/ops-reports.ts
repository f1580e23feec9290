/**
 * The console's sales report (docs/operations.md#reports-and-books), admins only: GET /v1/ops/reports/sales and its
 * CSV, GET /v1/ops/reports/sales.csv (text/csv; `uncontractedRoutes` in ./endpoints.ts), with the same query and
 * the same rows. Each row is one period, one value of the dimension and one currency: amounts in different
 * currencies are never added together. Amounts are major-unit strings of the row's currency.
 */
import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_GROUPS } from '@parvoz/core/books';
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
  /** The value of the dimension: a supplier's id, an airline's code, `TAS-IST`, a provider's name, a currency. */
  key: z.string(),
  currency: z.string(),
  /** Orders paid in the period, and what they were sold for. */
  orders: z.number().int(),
  sales: amount,
  supplier_cost: amount,
  markup: amount,
  fees: amount,
  discounts: amount,
  provider_fees: amount,
  /** sales − supplier cost − provider fees. */
  margin: amount,
  /** Refunds recorded in the period: how many, what they give back, and what the agency kept of those payments. */
  refunds: z.number().int(),
  refunded: amount,
  kept: amount,
});
export type OpsSalesReportRow = z.infer<typeof opsSalesReportRowSchema>;

export const opsSalesReportResponseSchema = z.object({
  data: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    group: z.enum(REPORT_GROUPS),
    by: z.enum(REPORT_DIMENSIONS),
    rows: z.array(opsSalesReportRowSchema),
  }),
});
export type OpsSalesReport = z.infer<typeof opsSalesReportResponseSchema>['data'];
