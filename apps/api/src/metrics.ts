/**
 * Prometheus metrics of this process (docs/operations.md#logs-and-metrics), served at `/metrics` by the host
 * (apps/host/src/ops.ts). One registry per process; other code imports the metric it feeds:
 *
 *   const done = searchLatency.startTimer(); … done();
 *   bookingsTotal.inc({ status: 'created' });
 *   paymentsTotal.inc({ status: 'paid' });
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '@parvoz/db';
import { DIFFERENCE_KINDS } from '@parvoz/core/reconciliation';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'parvoz_' });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Every metric below is in this process's registry; each names its full Prometheus name, to be found by it.
function counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) {
  return new Counter<L>({ name, help, labelNames, registers: [registry] });
}
function gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) {
  return new Gauge<L>({ name, help, labelNames, registers: [registry] });
}
/** Seconds a piece of work took, in the latency buckets. */
function latencyHistogram<L extends string = never>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
) {
  return new Histogram<L>({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [registry] });
}

/** Every answered HTTP request, by method, route pattern (never the raw URL) and status. */
export const httpRequestsTotal = counter(
  'parvoz_http_requests_total',
  'HTTP requests answered, by method, route pattern and status code',
  ['method', 'route', 'status'],
);

export const httpRequestDuration = latencyHistogram(
  'parvoz_http_request_duration_seconds',
  'Time to answer an HTTP request, by method, route pattern and status code',
  ['method', 'route', 'status'],
);

/** Answers of cacheable pages (apps/host/src/page-cache.ts), by how the cache took part. */
export const pageCacheAnswersTotal = counter(
  'parvoz_page_cache_answers_total',
  'Cacheable page answers, by cache state (hit, stale, miss, bypass)',
  ['state'],
);

/** Background re-renders of expired pages served stale, by outcome (stored, not_stored, failed). */
export const pageCacheRevalidationsTotal = counter(
  'parvoz_page_cache_revalidations_total',
  'Background re-renders of expired cached pages, by outcome',
  ['outcome'],
);

/** One flight search (engine plus sold-seat snapshot), whichever route asked for it. */
export const searchLatency = latencyHistogram(
  'parvoz_search_duration_seconds',
  'Time to run one flight search',
);

/**
 * Searches answered without a supplier's offers (docs/duffel.md, several suppliers in one search), by supplier
 * and reason (timeout, error, refused).
 */
export const supplierFailuresTotal = counter(
  'parvoz_supplier_failures_total',
  'Searches a supplier did not answer in time or failed, by supplier and reason',
  ['supplier', 'reason'],
);

/** Payments of held supplier orders after the traveller paid us (modules/supplier-orders/payments.ts), by outcome. */
export const supplierPaymentsTotal = counter(
  'parvoz_supplier_payments_total',
  'Supplier orders paid from our balance after the traveller paid, by supplier and status',
  ['supplier', 'status'],
);

/**
 * Supplier orders booked for us that our database did not record (modules/supplier-orders/reconciliation.ts), by outcome:
 * `recorded` (put on our order), `cancelled` (no order of ours: given up at the supplier), `failed` (tried again).
 */
export const supplierReconciliationsTotal = counter(
  'parvoz_supplier_reconciliations_total',
  'Supplier orders found without a matching order of ours and repaired, by supplier and outcome',
  ['supplier', 'outcome'],
);

/** Airline-initiated changes of supplier orders (modules/after-sale/airline-changes.ts): `detected`, `accepted`. */
export const airlineChangesTotal = counter(
  'parvoz_airline_changes_total',
  "Changes airlines made to supplier orders' flights, detected, accepted and applied to the itinerary, by supplier",
  ['supplier', 'event'],
);

/** A supplier's offers that could not be shown (unknown place, airline or currency), by supplier and reason. */
export const supplierOffersDroppedTotal = counter(
  'parvoz_supplier_offers_dropped_total',
  "A supplier's offers left out of searches, by supplier and reason",
  ['supplier', 'reason'],
);

/** Orders, by outcome (e.g. `created`, `sold_out`, `price_changed`, `cancelled`). */
export const bookingsTotal = counter('parvoz_bookings_total', 'Booking attempts by outcome', ['status']);

/** Payments, by outcome (e.g. `started`, `paid`, `declined`, `expired`). */
export const paymentsTotal = counter('parvoz_payments_total', 'Payments by outcome', ['status']);

/** Refunds by what happened: `requested` (recorded), `succeeded`, `failed` (refused by the provider). */
export const refundsTotal = counter('parvoz_refunds_total', 'Refunds by outcome', ['status']);

/** Refunds still owed (shared by every instance): waiting for the provider, and refused by it. */
export const refundsOpen = gauge(
  'parvoz_refunds_open',
  'Refunds not yet done, by status (pending, failed), and the age of the oldest in seconds',
  ['status', 'measure'],
);

/** The payments module's queries the gauges below read (its refunds and reconciliations). */
export interface PaymentsReaders {
  /** The refunds not yet done, per status, with the age in seconds of the oldest of each. */
  openRefunds(db: Database): Promise<{ status: string; count: number; oldest: number | null }[]>;
  /** Each provider's latest reconciliation: its differences and when it ran (Unix seconds). */
  latestReconciliations(
    db: Database,
  ): Promise<{ provider: string; details: { kind: string }[]; ran_at: number }[]>;
}

// The refunds and reconciliations are modules/payments' tables, read through its queries, which app.ts hands
// in as it does the outbox's (below).
let paymentsReaders: PaymentsReaders | undefined;

/** Called by app.ts with the payments module's queries, before any `/metrics` is served. */
export function readPaymentsWith(readers: PaymentsReaders): void {
  paymentsReaders = readers;
}

function payments(): PaymentsReaders {
  if (!paymentsReaders) throw new Error('The payment gauges have no readers: app.ts wires them in.');
  return paymentsReaders;
}

/** Reads the refunds still owed into their gauge (called by `/metrics`). */
export async function collectOpenRefunds(db: Database): Promise<void> {
  const rows = await payments().openRefunds(db);
  for (const status of ['pending', 'failed']) {
    refundsOpen.set({ status, measure: 'count' }, 0);
    refundsOpen.set({ status, measure: 'oldest_seconds' }, 0);
  }
  for (const row of rows) {
    refundsOpen.set({ status: row.status, measure: 'count' }, Number(row.count));
    refundsOpen.set({ status: row.status, measure: 'oldest_seconds' }, Number(row.oldest ?? 0));
  }
}

/**
 * Differences between our payments and a provider's own list, by kind, as of the last run
 * (docs/payment-providers.md#what-every-provider-guarantees).
 */
export const reconciliationDifferences = gauge(
  'parvoz_payment_reconciliation_differences',
  "Payments that differ from the provider's list at the last reconciliation, by provider and kind",
  ['provider', 'kind'],
);

/** Emails in the outbox table (shared by every instance) not yet sent: pending, sending, failed for good. */
export const outboxBacklog = gauge(
  'parvoz_outbox_backlog',
  'Outbox messages not sent, by status (pending, sending, failed)',
  ['status'],
);

export const outboxOldestPendingSeconds = gauge(
  'parvoz_outbox_oldest_pending_seconds',
  'Age of the oldest outbox message not yet sent (0 when there is none)',
);

/** The emails not sent, per status, with the age in seconds of the oldest of each (the outbox's own query). */
export type UnsentEmailsReader = (
  db: Database,
) => Promise<{ status: string; count: number; oldest: number | null }[]>;

// The outbox is modules/mail's table, and this file is on the base floor, which imports no module
// (docs/architecture.md, "Floors" and "Modules own their tables"): the composition floor, app.ts, hands the
// module's query in once, and the gauges below stay here with every other metric of the process.
let readUnsentEmails: UnsentEmailsReader | undefined;

/** Called by app.ts with the mail module's `unsentEmailsByStatus`, before any `/metrics` is served. */
export function readOutboxBacklogWith(reader: UnsentEmailsReader): void {
  readUnsentEmails = reader;
}

/** Reads the outbox backlog into its gauges (called by `/metrics` before it renders the registry). */
export async function collectOutboxBacklog(db: Database): Promise<void> {
  if (!readUnsentEmails) throw new Error('The outbox backlog has no reader: app.ts wires it in.');
  const rows = await readUnsentEmails(db);
  for (const status of ['pending', 'sending', 'failed']) outboxBacklog.set({ status }, 0);
  let oldest = 0;
  for (const row of rows) {
    outboxBacklog.set({ status: row.status }, Number(row.count));
    if (row.status !== 'failed') oldest = Math.max(oldest, Number(row.oldest ?? 0));
  }
  outboxOldestPendingSeconds.set(oldest);
}

export const reconciliationLastRun = gauge(
  'parvoz_payment_reconciliation_last_run_timestamp_seconds',
  'When the latest reconciliation of a provider ran (Unix seconds)',
  ['provider'],
);

/** Reads the latest reconciliation of each provider into its gauges (called by `/metrics`). */
export async function collectReconciliations(db: Database): Promise<void> {
  for (const row of await payments().latestReconciliations(db)) {
    for (const kind of DIFFERENCE_KINDS)
      reconciliationDifferences.set(
        { provider: row.provider, kind },
        row.details.filter((difference) => difference.kind === kind).length,
      );
    reconciliationLastRun.set({ provider: row.provider }, Number(row.ran_at));
  }
}
