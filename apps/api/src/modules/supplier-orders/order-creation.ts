/**
 * A paid order's supplier order is asked for at most once (docs/suppliers.md; the supplier's documents, e.g. its
 * response-handling page, say a 5xx or an "accepted" answer is not to be retried: the airline may have the order). So the first pass that books a paid order marks it (`supplier_booking_attempted_at`)
 * before asking; every later pass only looks the order up by its key. What is not settled is kept on the order
 * (`supplier_booking_outcome`): `pending` (accepted, not confirmed) until the supplier's `order.created` /
 * `order.creation_failed` webhook or a look-up; `unknown` (no answer, nothing found) for an operator and the
 * reconciliation (which puts an order found later on ours). Neither is refunded nor created again. One still not
 * settled CREATION_SETTLE_MS after it was asked for becomes an operator's task (`outcome_unknown`, the failed call's
 * status and request id kept from the first answer), the traveller told once that the ticket is delayed.
 */
import type { Database } from '@parvoz/db';
import type { BookingResult, SupplierEvent, SupplierOrders } from '../../suppliers/orders.ts';
import {
  markSupplierBookingAttempted,
  markSupplierCreationFailed,
  orderRow,
  recordCreatedSupplierOrder,
  unmarkSupplierBookingAttempted,
  updateOrder,
} from '../orders/index.ts';
import type { ServiceLog } from '../../platform/log.ts';
import { CREATION_SETTLE_MS } from './reconciliation.ts';
import { recordTicketingProblem, type TicketingDeps } from './ticketing.ts';

export interface CreationDeps {
  db: Database;
  supplier: Pick<SupplierOrders, 'id' | 'findBooking'>;
  now: () => Date;
  log: ServiceLog;
}

type Outcome = 'pending' | 'unknown' | 'failed';

async function setOutcome(db: Database, id: string, outcome: Outcome | null, now: Date): Promise<void> {
  await updateOrder(db, id, { supplierBookingOutcome: outcome, updatedAt: now });
}

/**
 * What the operator will need of the first answer (its status and the supplier's request id), kept on the order
 * (`ticketing_problem_detail`) while the task is not raised yet: later passes only look the order up.
 */
function creationDetail(outcome: Outcome, detail: unknown): Record<string, unknown> {
  const words =
    detail && typeof detail === 'object' ? (detail as Record<string, unknown>) : { message: detail ?? null };
  return { creation: outcome, ...words };
}

/**
 * Books the paid order `id` through `book` the first time only; afterwards looks it up under `key`. A throw of
 * `book` means nothing was sent (the supplier port throws only before creating): the mark is taken back.
 */
export async function bookPaidOnce(
  deps: CreationDeps,
  id: string,
  key: string,
  book: () => Promise<BookingResult>,
): Promise<BookingResult> {
  const now = deps.now();
  if (await markSupplierBookingAttempted(deps.db, id, now)) {
    let result: BookingResult;
    try {
      result = await book();
    } catch (error) {
      await unmarkSupplierBookingAttempted(deps.db, id, now);
      throw error;
    }
    if (!result.ok && (result.code === 'outcome_unknown' || result.code === 'pending')) {
      const outcome = result.code === 'pending' ? 'pending' : 'unknown';
      await updateOrder(deps.db, id, {
        supplierBookingOutcome: outcome,
        ticketingProblemDetail: creationDetail(outcome, result.detail) as never,
        updatedAt: deps.now(),
      });
      report(deps, id, outcome, result.detail);
    }
    // Booked after all (a slow answer while another pass had looked): no outcome left to settle.
    if (result.ok) await setOutcome(deps.db, id, null, deps.now());
    return result;
  }
  const before = (await orderRow(deps.db, id))?.supplierBookingOutcome;
  // The supplier said it made nothing (`order.creation_failed`): a refusal like any other.
  if (before === 'failed') return { ok: false, code: 'offer_unavailable', detail: 'creation_failed' };
  const found = await deps.supplier.findBooking(key);
  if (found && found !== 'unknown') {
    if (before) await setOutcome(deps.db, id, null, deps.now());
    return found;
  }
  const outcome: Outcome = before === 'pending' ? 'pending' : 'unknown';
  if (before !== outcome) {
    await setOutcome(deps.db, id, outcome, deps.now());
    report(deps, id, outcome, 'asked before, not found');
  }
  return { ok: false, code: outcome === 'pending' ? 'pending' : 'outcome_unknown' };
}

/**
 * A paid order whose creation is still `pending` or `unknown` CREATION_SETTLE_MS after it was asked for (neither
 * the webhook nor a look-up nor the reconciliation settled it): an operator's task `outcome_unknown`, as a hold's
 * payment with no known outcome is (./ticketing.ts), with the first answer's status and request id; the traveller
 * gets the "ticket delayed" email once. Nothing is created again nor refunded here.
 */
export async function taskIfUnsettled(deps: TicketingDeps, id: string): Promise<boolean> {
  const row = await orderRow(deps.db, id);
  const outcome = row?.supplierBookingOutcome;
  if (!row || row.ticketingProblem || (outcome !== 'pending' && outcome !== 'unknown')) return false;
  const askedAt = row.supplierBookingAttemptedAt?.getTime();
  if (askedAt === undefined || deps.now().getTime() - askedAt < CREATION_SETTLE_MS) return false;
  const kept = row.ticketingProblemDetail;
  const detail =
    kept && typeof kept === 'object' ? { ...(kept as object), creation: outcome } : { creation: outcome };
  await recordTicketingProblem(deps, id, 'outcome_unknown', detail);
  return true;
}

function report(deps: CreationDeps, id: string, outcome: Outcome, detail: unknown): void {
  if (outcome === 'unknown')
    deps.log.error(
      { orderId: id, supplier: deps.supplier.id, detail },
      'supplier order outcome unknown: not created again, nor refunded; for an operator and the reconciliation',
    );
  else
    deps.log.warn({ orderId: id, supplier: deps.supplier.id }, 'supplier order accepted, not confirmed yet');
}

/**
 * The supplier's webhook settled a creation: `failed` marks a pending order of ours so that the next pass refuses
 * and refunds it; `created` puts the supplier's order on ours (the next pass confirms it). Answers whether an
 * order of ours changed.
 */
export async function settleCreation(
  db: Database,
  supplierId: string,
  creation: NonNullable<SupplierEvent['creation']>,
  now: Date,
): Promise<boolean> {
  if (!creation.ourOrderId) return false;
  if (creation.outcome === 'failed')
    return markSupplierCreationFailed(db, creation.ourOrderId, supplierId, now);
  const made = creation.order;
  if (!made) return false;
  return recordCreatedSupplierOrder(db, creation.ourOrderId, supplierId, made, now);
}
