/**
 * The console's sales report (docs/operations.md#reports-and-books), admins only: a plugin registered by
 * routes/v1/ops/index.ts inside the console's gate, which answers anyone else — anonymous, a traveller, an operator —
 * the 404 of an unknown endpoint (`adminOnly`). The JSON rows and their CSV are the same rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { opsSalesReportQuerySchema, type OpsSalesReportRow } from '@parvoz/contracts/ops-reports';
import type { ReportRow } from '@parvoz/core/books';
import { toMajorString } from '@parvoz/core/money';
import { schemaOf } from '../../contract.ts';
import { rateLimit, ROUTE_LIMITS } from '../../rate-limit.ts';
import { csvCell } from '../ops/index.ts';
import { periodBounds, salesReportOf } from './reports.ts';
import { disagreementsBetween } from './disagreements.ts';

/** A row on the wire: amounts in major units of the row's currency. */
function presentRow(row: ReportRow): OpsSalesReportRow {
  const major = (amount: number) => toMajorString({ amount, currency: row.currency });
  return {
    period: row.period,
    key: row.key,
    currency: row.currency,
    orders: row.orders,
    sales: major(row.saleMinor),
    supplier_cost: major(row.supplierCostMinor),
    markup: major(row.markupMinor),
    fees: major(row.feeMinor),
    discounts: major(row.discountMinor),
    promo_discounts: major(row.promoDiscountMinor),
    provider_fees: major(row.providerFeeMinor),
    margin: major(row.marginMinor),
    refunds: row.refunds,
    refunded: major(row.refundedMinor),
    kept: major(row.keptMinor),
    supplier_returned: major(row.supplierReturnedMinor),
    margin_after_refunds: major(row.marginAfterRefundsMinor),
  };
}

const CSV_COLUMNS = [
  'period',
  'key',
  'currency',
  'orders',
  'sales',
  'supplier_cost',
  'markup',
  'fees',
  'discounts',
  'provider_fees',
  'margin',
  'refunds',
  'refunded',
  'kept',
  'promo_discounts',
  'supplier_returned',
  'margin_after_refunds',
] as const satisfies readonly (keyof OpsSalesReportRow)[];

/**
 * One cell: a plain number as it is (a negative margin stays a number a spreadsheet adds up), anything else through
 * the orders export's formula-safe `csvCell` (a leading = + - @ is never run as a formula).
 */
const cell = (value: string | number) =>
  typeof value === 'number' || /^-?\d+(?:\.\d+)?$/.test(value) ? String(value) : csvCell(value);

/** The rows as CSV with a header line. */
export function salesReportCsv(rows: readonly OpsSalesReportRow[]): string {
  const line = (cells: readonly (string | number)[]) => `${cells.map(cell).join(',')}\r\n`;
  return line(CSV_COLUMNS) + rows.map((row) => line(CSV_COLUMNS.map((c) => row[c]))).join('');
}

export const opsBooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const admins = { preHandler: rateLimit(ROUTE_LIMITS.opsReports), config: { adminOnly: true } };

  app.get('/reports/sales', { ...admins, schema: schemaOf(endpoints.opsSalesReport) }, async (request) => {
    const rows = await salesReportOf(db, request.query);
    const { start, end } = periodBounds(request.query);
    const disagreements = await disagreementsBetween(db, start, end);
    return { data: { ...request.query, rows: rows.map(presentRow), disagreements } };
  });

  app.get(
    '/reports/sales.csv',
    { ...admins, schema: { querystring: opsSalesReportQuerySchema } },
    async (request, reply) => {
      const { from, to, group, by } = request.query;
      const rows = (await salesReportOf(db, request.query)).map(presentRow);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-${by}-${group}-${from}-${to}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(salesReportCsv(rows));
    },
  );
};
