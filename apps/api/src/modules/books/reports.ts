/**
 * The console's sales report (docs/operations.md#reports-and-books): the books of a period added up by the core
 * (packages/core/src/books.ts `salesReport`), one row per period, value of the chosen dimension and currency.
 */
import type { Database } from '@parvoz/db';
import {
  salesReport,
  type BooksKeys,
  type ReportDimension,
  type ReportGroup,
  type ReportRow,
} from '@parvoz/core/books';
import type { CurrencyCode } from '@parvoz/core/money';
import { paidBetween, refundsBetween, type OrderBooksRow } from './store.ts';

/** The longest period one report covers (a year and a day: a whole year of months, whichever year). */
export const MAX_REPORT_DAYS = 366;

const DAY_MS = 86_400_000;

function keysOf(row: OrderBooksRow): BooksKeys {
  return {
    currency: row.currency as CurrencyCode,
    supplier: row.supplier,
    airline: row.airline,
    route: row.route,
    // A refund of an order whose payment the books missed is filed under no provider.
    provider: row.provider ?? '',
    promo_code: row.promoCode ?? '',
  };
}

/** The instants of the UTC days `from` to `to` (both included): [start, end). */
export function periodBounds(query: { from: string; to: string }): { start: Date; end: Date } {
  return {
    start: new Date(`${query.from}T00:00:00Z`),
    end: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
  };
}

/**
 * The rows of the UTC days `from` to `to` (both included, YYYY-MM-DD): sales by the day they were paid, refunds by
 * the day they were recorded.
 */
export async function salesReportOf(
  db: Database,
  query: { from: string; to: string; group: ReportGroup; by: ReportDimension },
): Promise<ReportRow[]> {
  const { start, end } = periodBounds(query);
  const [sales, refunds] = [await paidBetween(db, start, end), await refundsBetween(db, start, end)];
  return salesReport(
    sales.map((row) => ({
      ...keysOf(row),
      paidAt: row.paidAt!,
      saleMinor: row.saleMinor,
      supplierCostMinor: row.supplierCostMinor,
      markupMinor: row.markupMinor,
      feeMinor: row.feeMinor,
      discountMinor: row.discountMinor,
      promoDiscountMinor: row.promoDiscountMinor,
      providerFeeMinor: row.providerFeeMinor ?? 0,
    })),
    refunds.map(({ refund, order }) => ({
      ...keysOf(order),
      recordedAt: refund.recordedAt,
      givenBackMinor: refund.givenBackMinor,
      keptMinor: refund.keptMinor,
      supplierReturnedMinor: refund.supplierReturnedMinor,
    })),
    query.group,
    query.by,
  );
}
