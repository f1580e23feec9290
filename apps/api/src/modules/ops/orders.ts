/**
 * Orders as the console sees them (docs/after-sale.md §6): a search over reference (ours or the airline's),
 * email, phone and passenger names with filters, and one order's timeline gathered from what the database
 * already keeps (the order's own times, payments and their webhooks, refunds, cancellations, emails with
 * their delivery state) and the audit log of operator actions.
 */
import type { Database } from '@parvoz/db';
import { OPS_PAGE_SIZE, type OpsOrderSearch } from '@parvoz/contracts/ops';
import { auditEntries } from './staff.ts';
import { majorOf, orderRow, searchOrderRows, type OrderRow } from '../orders/index.ts';
import { emailsAboutOrder } from '../mail/index.ts';
import { paymentsOfOrder, providerEventsAbout, refundsOfOrder } from '../payments/index.ts';

/** One page of the console's order search, amounts in major units (the query is the orders' store's). */
export async function searchOrders(db: Database, search: OpsOrderSearch) {
  const { rows, total } = await searchOrderRows(db, search, OPS_PAGE_SIZE);
  return {
    orders: rows.map(({ total_minor, created_at, ...row }) => ({
      ...row,
      total_amount: majorOf(total_minor, row.currency),
      created_at: created_at.toISOString(),
    })),
    total,
    page: search.page,
    page_size: OPS_PAGE_SIZE,
  };
}

export type TimelineEvent = {
  at: string;
  kind: string;
  /** Who: an operator's email, `traveller`, `provider`, `system`. */
  by: string;
  details: Record<string, unknown>;
};

/**
 * What the after-sale module keeps of an order, for its timeline: the caller (the console's routes) hands in the
 * module's readers, since the after-sale module sits above this one (it writes the audit log).
 */
export interface AfterSaleHistory {
  airlineChangesOfOrder(
    db: Database,
    orderId: string,
  ): Promise<{ id: string; detectedAt: Date; actionTaken: string | null; actionTakenAt: Date | null }[]>;
  cancellationsOfOrder(db: Database, orderId: string): Promise<{ createdAt: Date; refundMinor: number }[]>;
}

/** Everything that happened to an order, oldest first. */
export async function orderTimeline(
  db: Database,
  orderId: string,
  afterSale: AfterSaleHistory,
): Promise<TimelineEvent[] | null> {
  const order = await orderRow(db, orderId);
  if (!order) return null;
  const events: TimelineEvent[] = [];
  const add = (at: Date | null, kind: string, by: string, details: Record<string, unknown> = {}) => {
    if (at) events.push({ at: at.toISOString(), kind, by, details });
  };
  add(order.createdAt, 'order.created', 'traveller', {
    total: majorOf(order.totalMinor, order.currency),
    currency: order.currency,
  });
  add(order.paidAt, 'order.paid', 'provider');
  add(order.ticketedAt, 'order.ticketed', 'system');
  add(order.cancelledAt, 'order.cancelled', 'system');
  add(order.ticketsVoidedAt, 'order.tickets_voided', 'system');
  // A real supplier's side of it (docs/duffel.md): what the agency paid the supplier, the supplier's order
  // released, and the airline's changes to the flights with what was done about them.
  if (order.supplier) {
    add(order.supplierPaidAt, 'supplier.paid', 'system', {
      supplier: order.supplier,
      ...(order.supplierTotalAmount ? { amount: order.supplierTotalAmount } : {}),
      ...(order.supplierCurrency ? { currency: order.supplierCurrency } : {}),
    });
    add(order.supplierCancelledAt, 'supplier.cancelled', 'system', { supplier: order.supplier });
    const changes = await afterSale.airlineChangesOfOrder(db, orderId);
    for (const c of changes) {
      add(c.detectedAt, 'airline_change.detected', 'airline', { change: c.id });
      if (c.actionTaken)
        add(c.actionTakenAt, `airline_change.${c.actionTaken}`, 'supplier', { change: c.id });
    }
  }

  const payments = await paymentsOfOrder(db, orderId);
  for (const p of payments) {
    add(p.createdAt, 'payment.started', 'traveller', {
      provider: p.provider,
      amount: majorOf(p.amountMinor, p.currency),
      currency: p.currency,
    });
    if (p.updatedAt.getTime() !== p.createdAt.getTime())
      add(p.updatedAt, `payment.${p.status}`, 'provider', { provider: p.provider });
  }
  const refs = payments.map((p) => p.providerRef).filter((r): r is string => !!r);
  const refunds = await refundsOfOrder(db, orderId);
  for (const r of refunds) {
    add(r.createdAt, 'refund.requested', 'system', {
      amount: majorOf(r.amountMinor, r.currency),
      currency: r.currency,
      reason: r.reason,
    });
    add(r.succeededAt, 'refund.succeeded', 'provider', {
      amount: majorOf(r.amountMinor, r.currency),
      currency: r.currency,
    });
    if (r.status === 'failed')
      add(r.updatedAt, 'refund.failed', 'provider', {
        amount: majorOf(r.amountMinor, r.currency),
        currency: r.currency,
        reason: r.failureReason,
      });
    if (r.providerRef) refs.push(r.providerRef);
  }
  if (refs.length) {
    const hooks = await providerEventsAbout(db, refs);
    for (const h of hooks)
      add(h.receivedAt, 'webhook.received', 'provider', {
        provider: h.provider,
        type: (h.payload as { type?: string } | null)?.type ?? null,
      });
  }
  const cancellations = await afterSale.cancellationsOfOrder(db, orderId);
  for (const c of cancellations)
    add(c.createdAt, 'cancellation.quoted', 'system', { refund: majorOf(c.refundMinor, order.currency) });
  // The emails about the order, with their delivery state (the mail module's outbox).
  const emails = await emailsAboutOrder(db, {
    id: orderId,
    contactEmail: order.contactEmail,
    createdAt: order.createdAt,
  });
  for (const e of emails)
    add(e.createdAt, 'email.queued', 'system', {
      email: e.kind,
      to: e.to,
      delivery: e.status,
      attempts: e.attempts,
      ...(e.sentAt ? { sent_at: e.sentAt.toISOString() } : {}),
      ...(e.lastError ? { error: e.lastError } : {}),
    });
  for (const entry of await auditEntries(db, { type: 'order', id: orderId })) {
    add(entry.at, entry.action, entry.actorEmail ?? 'staff', entry.details);
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The supplier's side of an order for the console (docs/duffel.md), null for the built-in network's: which
 * supplier, its order id (to find it in the supplier's dashboard), the airline's booking reference, what the
 * supplier charges the agency, and when it was paid or released there. Operators see it; travellers never see
 * the supplier's ids.
 */
const outcomeOf = (value: string | null): 'pending' | 'unknown' | 'failed' | null =>
  value === 'pending' || value === 'unknown' || value === 'failed' ? value : null;

export function orderSupplier(order: OrderRow) {
  if (!order.supplier) return null;
  return {
    name: order.supplier,
    order_id: order.supplierOrderId,
    booking_reference: order.supplierBookingReference,
    total_amount: order.supplierTotalAmount,
    total_currency: order.supplierCurrency,
    paid_at: order.supplierPaidAt?.toISOString() ?? null,
    cancelled_at: order.supplierCancelledAt?.toISOString() ?? null,
    // Paid and not yet ticketed by the airline (modules/supplier-orders/ticketing.ts): waiting, or an operator's task.
    ticketing:
      order.bookingStatus === 'new' && order.paymentStatus === 'paid'
        ? {
            status: order.ticketingProblem ? ('problem' as const) : ('waiting' as const),
            problem: order.ticketingProblem,
            detail: order.ticketingProblemDetail ?? null,
            since: (order.ticketingProblemAt ?? order.paidAt)?.toISOString() ?? null,
          }
        : null,
    booking_outcome: outcomeOf(order.supplierBookingOutcome),
  };
}

/** The refunds of an order as the console shows them (a refused one can be asked for again). */
export async function orderRefunds(db: Database, orderId: string) {
  const rows = await refundsOfOrder(db, orderId);
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    status: r.status,
    amount: majorOf(r.amountMinor, r.currency),
    currency: r.currency,
    failure_reason: r.failureReason,
    retries: r.retries,
  }));
}
