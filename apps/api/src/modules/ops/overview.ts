/**
 * The console's overview (docs/after-sale.md §8): searches, orders, paid orders, revenue net of refunds and the
 * refunds themselves per currency per UTC day, conversion and top routes over the last days; the outbox's backlog and failed emails (with a retry
 * written to the audit log); the orders of a period as CSV. Everything is read from what the database keeps —
 * the orders (modules/orders), their refunds (modules/payments) and the searches per day (modules/search), each
 * summed by its owner's store — so nothing is stored twice.
 */
import type { Database } from '@parvoz/db';
import {
  OPS_OVERVIEW_DAYS,
  type OpsExport,
  type OpsMoney,
  type OpsOutbox,
  type OpsOverview,
  type OpsRefundTotal,
} from '@parvoz/contracts/ops';
import { ApiFailure } from '../../errors.ts';
import { searchesPerDay } from '../search/index.ts';
import {
  majorOf,
  orderTotalsPerRoute,
  ordersCreatedPerDay,
  ordersForExport,
  ordersPaidPerDay,
} from '../orders/index.ts';
import { succeededRefundMinorOf, succeededRefundsPerDay } from '../payments/index.ts';
import { failedEmails, lockEmail, outboxBacklog, requeueEmail } from '../mail/index.ts';
import { recordAudit, type Actor } from './staff.ts';

const DAY_MS = 86_400_000;
const TOP_ROUTES = 10;
const FAILED_LISTED = 50;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const afterDay = (day: string) => new Date(startOf(day).getTime() + DAY_MS);

const byCurrency = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
/** Minor units per currency → amounts (major, as strings), sorted by currency code. */
function moneyList(totals: Map<string, number>): OpsMoney[] {
  return [...totals]
    .sort(byCurrency)
    .map(([currency, minor]) => ({ currency, amount: majorOf(minor, currency) }));
}
/** Refunds per currency: how many, what they gave back (minor units). */
type Refunds = Map<string, { n: number; minor: number }>;
function refundList(totals: Refunds): OpsRefundTotal[] {
  return [...totals]
    .sort(byCurrency)
    .map(([currency, r]) => ({ currency, amount: majorOf(r.minor, currency), count: r.n }));
}
const addRefunds = (totals: Refunds, currency: string, n: number, minor: number) => {
  const sum = totals.get(currency) ?? { n: 0, minor: 0 };
  totals.set(currency, { n: sum.n + n, minor: sum.minor + minor });
};
const add = (totals: Map<string, number>, currency: string, minor: number) =>
  totals.set(currency, (totals.get(currency) ?? 0) + minor);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The last `OPS_OVERVIEW_DAYS` UTC days up to and including today. */
export async function overview(db: Database, now: Date): Promise<OpsOverview> {
  const to = dayOf(now);
  const from = dayOf(new Date(startOf(to).getTime() - (OPS_OVERVIEW_DAYS - 1) * DAY_MS));
  const start = startOf(from).toISOString();
  const end = afterDay(to).toISOString();

  const [searches, created, paid, refunded, routes] = await Promise.all([
    searchesPerDay(db, from, to),
    ordersCreatedPerDay(db, start, end),
    ordersPaidPerDay(db, start, end),
    // Money given back on the day it left: a refunded order's sale stays on the day it was paid.
    succeededRefundsPerDay(db, start, end),
    // Each route's paid orders net of what they got back: the payments module's refunds of an order.
    orderTotalsPerRoute(db, start, end, succeededRefundMinorOf),
  ]);

  const days = new Map<
    string,
    {
      searches: number;
      orders: number;
      paid_orders: number;
      revenue: Map<string, number>;
      refunds: Refunds;
    }
  >();
  for (let at = startOf(from).getTime(); at < afterDay(to).getTime(); at += DAY_MS)
    days.set(dayOf(new Date(at)), {
      searches: 0,
      orders: 0,
      paid_orders: 0,
      revenue: new Map(),
      refunds: new Map(),
    });
  let ordersPaid = 0;
  for (const [day, n] of searches) days.get(day)!.searches = n;
  for (const row of created) {
    days.get(row.day)!.orders = Number(row.n);
    ordersPaid += Number(row.paid);
  }
  const revenue = new Map<string, number>();
  for (const row of paid) {
    const day = days.get(row.day)!;
    day.paid_orders += Number(row.n);
    add(day.revenue, row.currency, Number(row.minor));
    add(revenue, row.currency, Number(row.minor));
  }
  // Revenue is net of refunds, which are listed beside it.
  const refunds: Refunds = new Map();
  for (const row of refunded) {
    const day = days.get(row.day)!;
    addRefunds(day.refunds, row.currency, Number(row.n), Number(row.minor));
    add(day.revenue, row.currency, -Number(row.minor));
    addRefunds(refunds, row.currency, Number(row.n), Number(row.minor));
    add(revenue, row.currency, -Number(row.minor));
  }
  const list = [...days].map(([day, d]) => ({
    day,
    searches: d.searches,
    orders: d.orders,
    paid_orders: d.paid_orders,
    revenue: moneyList(d.revenue),
    refunds: refundList(d.refunds),
  }));
  const totals = {
    searches: list.reduce((n, d) => n + d.searches, 0),
    orders: list.reduce((n, d) => n + d.orders, 0),
    paid_orders: list.reduce((n, d) => n + d.paid_orders, 0),
    revenue: moneyList(revenue),
    refunds: refundList(refunds),
  };

  const byRoute = new Map<
    string,
    { origin: string; destination: string; orders: number; paid_orders: number; revenue: Map<string, number> }
  >();
  for (const row of routes) {
    const key = `${row.origin}-${row.destination}`;
    let route = byRoute.get(key);
    if (!route)
      byRoute.set(
        key,
        (route = {
          origin: row.origin,
          destination: row.destination,
          orders: 0,
          paid_orders: 0,
          revenue: new Map(),
        }),
      );
    route.orders += Number(row.n);
    route.paid_orders += Number(row.paid);
    if (Number(row.paid) > 0) add(route.revenue, row.currency, Number(row.minor));
  }
  const top_routes = [...byRoute.values()]
    .sort(
      (a, b) =>
        b.orders - a.orders ||
        b.paid_orders - a.paid_orders ||
        (a.origin + a.destination).localeCompare(b.origin + b.destination),
    )
    .slice(0, TOP_ROUTES)
    .map((r) => ({ ...r, revenue: moneyList(r.revenue) }));

  return {
    from,
    to,
    days: list,
    totals,
    conversion: {
      search_to_order: ratio(totals.orders, totals.searches),
      order_to_paid: ratio(ordersPaid, totals.orders),
      search_to_paid: ratio(ordersPaid, totals.searches),
      orders_paid: ordersPaid,
    },
    top_routes,
  };
}

/** `dilnoza@example.com` → `d•••@example.com`: enough to tell emails apart, not to read the address. */
export function redactEmail(address: string | null): string {
  if (!address) return '—';
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

export async function outboxState(db: Database): Promise<OpsOutbox> {
  const [b, failed] = await Promise.all([outboxBacklog(db), failedEmails(db, FAILED_LISTED)]);
  return {
    backlog: {
      pending: Number(b.pending),
      sending: Number(b.sending),
      failed: Number(b.failed),
      oldest_pending_at: b.oldest ? new Date(b.oldest).toISOString() : null,
    },
    failed: failed.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      to: redactEmail(row.to_address),
      error: row.last_error,
      attempts: Number(row.attempts),
      created_at: new Date(row.created_at).toISOString(),
    })),
  };
}

/**
 * A failed email back in the queue, due now, with a fresh count of attempts; the audit entry (with the
 * attempts and the error it had) is written in the same transaction. Only a failed email can be retried.
 */
export async function retryEmail(
  tx: Database,
  input: { id: number; actor: Actor; now: Date },
): Promise<{ id: number; status: 'pending' }> {
  const row = await lockEmail(tx, input.id);
  if (!row) throw new ApiFailure('not_found', 'No such email.');
  if (row.status !== 'failed')
    throw new ApiFailure('unprocessable', 'Only an email that could not be sent can be retried.', {
      status: row.status,
    });
  await requeueEmail(tx, input.id, input.now);
  await recordAudit(tx, {
    actor: input.actor,
    action: 'email.retried',
    targetType: 'email',
    targetId: String(input.id),
    details: { kind: row.kind, attempts: Number(row.attempts), error: row.last_error },
    at: input.now,
  });
  return { id: input.id, status: 'pending' };
}

export const CSV_HEADER = [
  'reference',
  'created',
  'status',
  'payment_status',
  'amount',
  'currency',
  'route',
  'passengers',
  'contact_email',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A cell a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) gets a leading
 * apostrophe first (OWASP "CSV injection").
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The orders created in the period (UTC dates, both included), oldest first, as CSV with a header line. */
export async function ordersCsv(db: Database, period: OpsExport): Promise<string> {
  const rows = await ordersForExport(
    db,
    startOf(period.from).toISOString(),
    afterDay(period.to).toISOString(),
  );
  let csv = csvLine([...CSV_HEADER]);
  for (const row of rows)
    csv += csvLine([
      row.booking_reference,
      new Date(row.created_at).toISOString(),
      row.booking_status,
      row.payment_status,
      majorOf(Number(row.total_minor), row.currency),
      row.currency,
      row.route ?? '',
      Number(row.passengers),
      row.contact_email,
    ]);
  return csv;
}
