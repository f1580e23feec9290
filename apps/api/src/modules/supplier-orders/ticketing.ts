/**
 * Ticketing at the supplier (docs/suppliers.md, "Paying and ticketing"): nothing is ticketed here before the
 * airline has ticketed it. An order paid by its traveller stays `new` / `paid` ("ticketing") while this pass pays
 * the supplier's hold from our balance there and reads the airline's e-tickets; only once they are there does the
 * order become `booked`, with the airline's ticket numbers, and the confirmation go out.
 *
 * What the supplier may answer, and what this pass does:
 *  - paid, tickets issued: `supplier_confirmed`, the airline's numbers on the passengers, the confirmation queued;
 *  - paid, no tickets yet (a supplier's e-tickets may come a while after the payment): asked again next pass;
 *  - a price that moved: the adapter re-reads it and pays it when not above what the traveller paid
 *    (`supplier_total_amount`); above it, like any other refusal (our balance too low, the hold lapsed, the
 *    order cancelled there): an operator's task (`orders.ticketing_problem`, shown in the console with its two
 *    ways out, modules/supplier-orders/ticketing-tasks.ts), the traveller told the truth by email and on the order page. No
 *    refund is made by this pass: the operator decides (retry, or cancel and refund);
 *  - a rate limit (429): nothing more is asked of that supplier until the time it named (its `ratelimit-reset`);
 *  - our credentials refused (401/403): an alarm (error log and metric) for operators; the order is kept as it is;
 *  - the payment failed without a refusal (a 5xx, no answer) and the order read again is not paid: tried again on
 *    the next pass only when the supplier says so (503) or the call never left; otherwise the outcome is unknown
 *    and paying again could pay twice, so it is an operator's task (`outcome_unknown`, with the request id to
 *    ask the supplier about; docs/duffel.md, "Paying a hold");
 *  - the supplier cannot be reached before paying: tried again on the next pass.
 */
import type { Database } from '@parvoz/db';
import { pauseSupplier, supplierPauseUntil } from './store.ts';
import {
  SupplierAuthRejected,
  SupplierRateLimited,
  type AirlineTickets,
  type SupplierOrders,
} from '../../suppliers/orders.ts';
import { supplierPaymentsTotal } from '../../metrics.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';
import {
  flightsOf,
  loadOrder,
  lockOrder,
  markPaidAtSupplier,
  ordersDueForTicketing,
  setTicketNumbers,
  statusAfter,
  currentOrder,
  updateOrder,
  type LoadedOrder,
} from '../orders/index.ts';
import { enqueueConfirmation } from '../payments/index.ts';
import { queueAfterSaleEmail } from '../orders/index.ts';
import { orderLink } from '../orders/index.ts';

export interface TicketingDeps {
  db: Database;
  supplier: SupplierOrders;
  now: () => Date;
  log: ServiceLog;
  siteUrl?: () => string;
  kickOutbox?: () => void;
}

const BATCH = 20;
/** A rate limit that names no reset time: wait this long (a supplier's window is commonly a minute). */
const RATE_LIMIT_FALLBACK_MS = 60_000;

/**
 * Until when the supplier asked us to wait (its rate limit not yet reset), or null. Kept in the database
 * (`supplier_pauses`), so every instance waits once any of them was told, not each after its own 429.
 */
export async function ticketingPausedUntil(
  deps: Pick<TicketingDeps, 'db' | 'supplier' | 'now'>,
): Promise<Date | null> {
  const until = await supplierPauseUntil(deps.db, deps.supplier.id);
  return until && until.getTime() > deps.now().getTime() ? until : null;
}

/** Whether the supplier asked us to wait (a rate limit not yet reset): then nothing is asked of it now. */
export async function supplierPaused(deps: Pick<TicketingDeps, 'db' | 'supplier' | 'now'>): Promise<boolean> {
  return (await ticketingPausedUntil(deps)) !== null;
}

/**
 * A "not now" from the supplier (a rate limit: wait until it resets; our credentials refused: an alarm), counted
 * and logged; true when it was one (the caller stops asking on this pass, and changes nothing of the order).
 */
export async function heldOff(
  deps: Pick<TicketingDeps, 'db' | 'supplier' | 'now' | 'log'>,
  error: unknown,
  orderId: string,
): Promise<boolean> {
  if (error instanceof SupplierRateLimited) {
    const now = deps.now().getTime();
    const until = new Date(Math.max(error.retryAt?.getTime() ?? now + RATE_LIMIT_FALLBACK_MS, now + 1000));
    // A later reset than one already kept wins: two instances told at once keep the longer wait.
    await pauseSupplier(deps.db, deps.supplier.id, until);
    supplierPaymentsTotal.inc({ supplier: deps.supplier.id, status: 'rate_limited' });
    deps.log.warn(
      { orderId, retryAt: until.toISOString() },
      'supplier rate limit: ticketing waits until it resets',
    );
    return true;
  }
  if (error instanceof SupplierAuthRejected) {
    // Every call fails alike until the credentials are fixed: an alarm, and nothing else is asked now.
    supplierPaymentsTotal.inc({ supplier: deps.supplier.id, status: 'auth_rejected' });
    deps.log.error(
      { orderId, status: error.status, supplier: deps.supplier.id },
      'supplier rejected our credentials: paid orders wait for ticketing until an operator fixes them',
    );
    return true;
  }
  return false;
}

/**
 * Pays the supplier for every order paid by its traveller and not yet paid there, and tickets every paid one whose
 * airline tickets have appeared; returns how many were paid at the supplier on this pass.
 */
export async function ticketPaidOrders(deps: TicketingDeps): Promise<number> {
  if (await supplierPaused(deps)) return 0;
  // Still ticketing; or (orders ticketed here before this pass existed) paid here and not there.
  const due = await ordersDueForTicketing(deps.db, deps.supplier.id, BATCH);
  let paid = 0;
  for (const order of due) {
    try {
      if (!order.supplierPaidAt) {
        const result = await deps.supplier.payOrder(
          order.supplierOrderId!,
          order.amount && order.currency ? { amount: order.amount, currency: order.currency } : undefined,
        );
        if (!result.ok) {
          supplierPaymentsTotal.inc({ supplier: deps.supplier.id, status: result.code });
          await recordTicketingProblem(deps, order.id, result.code, result.detail ?? null);
          continue;
        }
        await markPaidAtSupplier(deps.db, order.id, deps.now(), deps.now());
        supplierPaymentsTotal.inc({
          supplier: deps.supplier.id,
          status: result.replayed ? 'found_paid' : 'paid',
        });
        paid++;
      }
      if (order.bookingStatus !== 'new') continue;
      const tickets = await deps.supplier.ticketsOf(order.supplierOrderId!);
      if (tickets.cancelled) {
        await recordTicketingProblem(deps, order.id, 'cancelled', null);
        continue;
      }
      if (await confirmTicketed(deps, order.id, tickets))
        supplierPaymentsTotal.inc({ supplier: deps.supplier.id, status: 'ticketed' });
    } catch (error) {
      if (await heldOff(deps, error, order.id)) break;
      supplierPaymentsTotal.inc({ supplier: deps.supplier.id, status: 'unreachable' });
      deps.log.warn(
        { orderId: order.id, err: errorText(error) },
        'supplier ticketing not done: tried again on the next pass',
      );
    }
  }
  return paid;
}

const nameKey = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();

/**
 * The airline's ticket numbers per passenger of ours, one per flight (docs/design.md §4's shape): a
 * passenger's single e-ticket covers every flight; as many e-tickets as flights are taken in turn. Null while
 * any passenger has none.
 */
export function airlineTicketNumbers(order: LoadedOrder, tickets: AirlineTickets): string[][] | null {
  const flights = flightsOf(order.offer).length;
  const sameCount = tickets.passengers.length === order.passengers.length;
  const out: string[][] = [];
  for (const [index, p] of order.passengers.entries()) {
    const match =
      tickets.passengers.find(
        (t) =>
          t.bornOn === p.bornOn &&
          nameKey(t.givenName) === nameKey(p.givenName) &&
          nameKey(t.familyName) === nameKey(p.familyName),
      ) ?? (sameCount ? tickets.passengers[index] : undefined);
    if (!match) return null;
    const numbers = tickets.tickets.filter((t) => t.passengerIds.includes(match.id)).map((t) => t.number);
    if (numbers.length === 0) return null;
    out.push(
      Array.from({ length: flights }, (_, i) => (numbers.length === flights ? numbers[i]! : numbers[0]!)),
    );
  }
  return out;
}

/** The airline ticketed it: `booked`, its numbers on the passengers, the confirmation queued; once. */
async function confirmTicketed(deps: TicketingDeps, id: string, tickets: AirlineTickets): Promise<boolean> {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || order.bookingStatus !== 'new' || order.paymentStatus !== 'paid') return false;
    const loaded = (await loadOrder(tx, id))!;
    const numbers = airlineTicketNumbers(loaded, tickets);
    if (!numbers) return false;
    await updateOrder(tx, id, {
      ...statusAfter(order, 'supplier_confirmed'),
      ticketedAt: now,
      ticketingProblem: null,
      ticketingProblemDetail: null,
      ticketingProblemAt: null,
      updatedAt: now,
    });
    for (const [index, passenger] of loaded.passengers.entries())
      await setTicketNumbers(tx, passenger.id, numbers[index]!);
    await enqueueConfirmation(tx, id, deps.siteUrl?.() ?? 'http://localhost', now, {
      dedupeKey: `order-confirmation:${id}`,
    });
    return true;
  });
  if (done) deps.kickOutbox?.();
  return done;
}

/**
 * The supplier would not ticket a paid order: an operator's task (the console shows it with its ways out), logged
 * as an error and counted; the traveller is told, once, in their language, that the airline has not issued the
 * tickets yet and that we are on it. Nothing is refunded here.
 */
export async function recordTicketingProblem(
  deps: TicketingDeps,
  id: string,
  problem: string,
  detail: unknown,
): Promise<void> {
  const now = deps.now();
  const siteUrl = deps.siteUrl?.() ?? 'http://localhost';
  const recorded = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || order.bookingStatus !== 'new' || order.paymentStatus !== 'paid' || order.ticketingProblem)
      return false;
    await updateOrder(tx, id, {
      ticketingProblem: problem,
      ticketingProblemDetail: (detail ?? null) as never,
      ticketingProblemAt: now,
      updatedAt: now,
    });
    const view = await currentOrder(tx, id, now);
    await queueAfterSaleEmail(
      tx,
      { kind: 'ticketing-delayed', order: view, link: await orderLink(tx, id, view.lang, siteUrl, now) },
      { now, dedupeKey: `ticketing-delayed:${id}` },
    );
    return true;
  });
  if (!recorded) return;
  deps.log.error(
    { orderId: id, supplier: deps.supplier.id, problem, detail },
    'supplier would not ticket a paid order: an operator task',
  );
  deps.kickOutbox?.();
}
