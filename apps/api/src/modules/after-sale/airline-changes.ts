/**
 * Airline-initiated changes (docs/decisions/0017-duffel-supplier.md, docs/suppliers.md): an airline may move or
 * replace the flights of an order booked at a supplier (a delay, a new flight number). The supplier records each
 * change with the flights as they were (`removed`) and as they are now (`added`). The supplier pass asks the
 * supplier for the changes of our live orders there (`listChanges`; the orders not asked for longest first) and
 * keeps them in `airline_changes`; the order page shows them, and the traveller may accept one the supplier lets
 * be accepted (`acceptChange`). The supplier's ids stay here: ours are `chg_…`.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@parvoz/db';
import type { Network } from '@parvoz/core/network';
import type { Offer } from '@parvoz/core/search-types';
import { ticketNumber } from '@parvoz/core/tickets';
import { ApiFailure } from '../../errors.ts';
import { applyChangesToItinerary } from './airline-change-itinerary.ts';
import { renderAirlineChangeEmail } from '../mail/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import {
  flightsOf,
  loadOrder,
  lockOrder,
  passengersOfOrder,
  presentOrder,
  updateOrder,
} from '../orders/index.ts';
import { liveOrderAtSupplier, ordersDueForChangeCheck, setTicketNumbers } from '../orders/index.ts';
import { orderLink } from '../orders/index.ts';
import { SupplierRefused, type AirlineChange, type SupplierOrders } from '../../suppliers/orders.ts';
import type { SupplierRegistry } from '../../suppliers/registry.ts';
import { airlineChangesTotal } from '../../metrics.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';
import {
  findAirlineChange,
  markAirlineChangesApplied,
  recordAirlineChangeAction,
  unappliedAirlineChanges,
  upsertAirlineChange,
} from './store.ts';

export interface AirlineChangeDeps {
  db: Database;
  supplier: Pick<SupplierOrders, 'id' | 'listChanges' | 'acceptChange'>;
  now: () => Date;
  log: ServiceLog;
  /** The places and airlines an accepted change's new flights are shown with. */
  network: Network;
  /** The configured site origin (PUBLIC_URL), for the order link in the traveller's email; never a request header. */
  siteUrl: () => string;
  /** Sends what was queued in the outbox now rather than on its next pass. */
  kickOutbox?: () => void;
}

/** Orders asked about per run (each one call to the supplier); the oldest-asked first, so all get their turn. */
const BATCH = 50;

const actionAt = (c: AirlineChange) => (c.actionTakenAt ? new Date(c.actionTakenAt) : null);

/**
 * Keeps the changes the supplier lists for one order (new ones added, known ones brought up to date) and writes the
 * accepted ones into the itinerary; returns how many are new. A new change queues its email to the traveller in
 * the same transaction, under a dedupe key of the change: one email per change, whatever runs or instances read it.
 */
async function keepChanges(
  deps: AirlineChangeDeps,
  orderId: string,
  changes: AirlineChange[],
): Promise<number> {
  let added = 0;
  for (const c of changes) {
    const now = deps.now();
    const values = {
      removed: c.removed,
      added: c.added,
      canAccept: c.canAccept,
      actionTaken: c.actionTaken,
      actionTakenAt: actionAt(c),
      updatedAt: now,
    };
    const fresh = await deps.db.transaction(async (tx) => {
      const row = await upsertAirlineChange(
        tx,
        {
          id: `chg_${randomBytes(16).toString('base64url')}`,
          orderId,
          supplier: deps.supplier.id,
          supplierChangeId: c.id,
          detectedAt: new Date(c.createdAt),
          createdAt: now,
          ...values,
        },
        values,
      );
      // The supplier may report a change accepted on its own (e.g. auto-accepted): the itinerary follows it too.
      await applyAcceptedChanges(tx, deps, orderId);
      if (row?.fresh) await queueChangeEmail(tx, deps, orderId, row.id, now);
      return row?.fresh === true;
    });
    if (fresh) added++;
  }
  if (added > 0) deps.kickOutbox?.();
  return added;
}

/** The traveller's email about a change just read: both schedules and the order page's link. */
async function queueChangeEmail(
  tx: Database,
  deps: AirlineChangeDeps,
  orderId: string,
  changeId: string,
  now: Date,
): Promise<void> {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded) return;
  const view = presentOrder(loaded, now);
  const change = view.airline_changes.find((c) => c.id === changeId);
  if (!change) return;
  await enqueueEmail(tx, {
    to: view.contact.email,
    kind: 'airline-change',
    orderId,
    payload: await renderAirlineChangeEmail(view.lang, {
      order: view,
      change,
      link: await orderLink(tx, orderId, view.lang, deps.siteUrl(), now),
    }),
    now,
    dedupeKey: `airline-change:${changeId}`,
  });
}

/**
 * Writes every accepted change of the order not yet applied into its itinerary snapshot, oldest first, under the
 * order's row lock (so two runs, or a run and the traveller's accept, apply each change once). Tickets follow:
 * a new flight takes over the coupon of the flight it replaces, and an extra flight gets a new ticket number. An
 * accepted change made on top of earlier ones nobody acted on (its removed flights are their added ones) carries
 * them along: they are applied with it. A change that still does not fit the itinerary is left unapplied and logged
 * as an error for an operator.
 */
export async function applyAcceptedChanges(
  tx: Database,
  deps: Pick<AirlineChangeDeps, 'network' | 'now' | 'log'>,
  orderId: string,
): Promise<number> {
  const order = await lockOrder(tx, orderId);
  if (!order) return 0;
  const unapplied = await unappliedAirlineChanges(tx, orderId);
  if (!unapplied.some((c) => c.actionTaken === 'accepted')) return 0;
  const passengers = await passengersOfOrder(tx, orderId);
  let offer = order.offer as Offer;
  const tickets = new Map(passengers.map((p) => [p.id, p.ticketNumbers ?? []]));
  const now = deps.now();
  let applied = 0;
  /** Earlier changes nobody acted on (yet): an accepted later one may have been made on top of them. */
  let open: typeof unapplied = [];
  for (const change of unapplied) {
    if (change.actionTaken === null) open.push(change);
    if (change.actionTaken !== 'accepted') continue;
    let steps = [change];
    let rewritten = applyChangesToItinerary(offer, steps, deps.network);
    if (!rewritten && open.length > 0) {
      steps = [...open, change];
      rewritten = applyChangesToItinerary(offer, steps, deps.network);
    }
    if (!rewritten) {
      deps.log.error(
        { orderId, changeId: change.id },
        'accepted airline change does not fit the itinerary: kept as booked, for an operator',
      );
      continue;
    }
    if (steps.length > 1) open = [];
    offer = rewritten.offer;
    for (const [id, numbers] of tickets) {
      if (numbers.length === 0) continue;
      const next: string[] = [];
      for (const [i, source] of rewritten.ticketSource.entries()) {
        const kept = source === null ? undefined : numbers[source];
        next.push(
          kept ?? (await newTicketNumber(tx, flightsOf(offer)[i]!.segment.marketing_carrier.iata_code)),
        );
      }
      tickets.set(id, next);
    }
    await markAirlineChangesApplied(
      tx,
      steps.map((c) => c.id),
      now,
    );
    applied += steps.length;
  }
  if (applied === 0) return 0;
  await updateOrder(tx, orderId, { offer, updatedAt: now });
  for (const [id, numbers] of tickets) await setTicketNumbers(tx, id, numbers);
  // An order's changes all come from its one supplier.
  airlineChangesTotal.inc({ supplier: unapplied[0]!.supplier, event: 'applied' }, applied);
  return applied;
}

async function newTicketNumber(tx: Database, carrier: string): Promise<string> {
  const serial = await tx.execute<{ n: string }>(sql`SELECT nextval('ticket_number_seq')::text AS n`);
  return ticketNumber(carrier, Number(serial.rows[0]!.n));
}

/** One run: asks the supplier about our live orders there least recently asked about; returns how many are new. */
export async function syncAirlineChanges(deps: AirlineChangeDeps): Promise<number> {
  const due = await ordersDueForChangeCheck(deps.db, deps.supplier.id, BATCH);
  let fresh = 0;
  for (const order of due) {
    try {
      fresh += await readOrderChanges(deps, order.id, order.supplierOrderId!);
    } catch (error) {
      deps.log.warn(
        { orderId: order.id, err: errorText(error) },
        'airline changes not read: asked again on the next run',
      );
    }
  }
  return fresh;
}

/** Asks the supplier for one order's changes and keeps them; returns how many are new. Throws when it is down. */
async function readOrderChanges(
  deps: AirlineChangeDeps,
  orderId: string,
  supplierOrderId: string,
): Promise<number> {
  const changes = await deps.supplier.listChanges(supplierOrderId);
  const added = await keepChanges(deps, orderId, changes);
  await updateOrder(deps.db, orderId, { supplierChangesCheckedAt: deps.now() });
  if (added > 0) {
    airlineChangesTotal.inc({ supplier: deps.supplier.id, event: 'detected' }, added);
    deps.log.warn({ orderId, added }, 'airline changed the flights of an order');
  }
  return added;
}

/**
 * The supplier's webhook said an order of ours changed: its changes are read now rather than at the next run, from
 * the supplier's API (the event itself is only the prompt). Null when no live order of ours is that supplier order
 * (not ours, or cancelled); else how many changes are new. Throws when the supplier is down, so the webhook answers
 * an error and the supplier delivers the event again.
 */
export async function readChangesOfSupplierOrder(
  deps: AirlineChangeDeps,
  supplierOrderId: string,
): Promise<number | null> {
  const order = await liveOrderAtSupplier(deps.db, deps.supplier.id, supplierOrderId);
  if (!order) return null;
  return readOrderChanges(deps, order.id, supplierOrderId);
}

/**
 * The traveller accepts a change (POST /v1/orders/:id/airline_changes/:change_id/actions/accept): the supplier first
 * (the one the change came from), then ours. Accepting one accepted already answers as done; one the supplier does
 * not offer to accept is 422; the supplier unreachable 503, nothing changed.
 */
export async function acceptAirlineChange(
  deps: Omit<AirlineChangeDeps, 'supplier'> & { suppliers: SupplierRegistry },
  orderId: string,
  changeId: string,
): Promise<void> {
  const change = await findAirlineChange(deps.db, orderId, changeId);
  if (!change) throw new ApiFailure('not_found', 'No such change of this order.');
  if (change.actionTaken === 'accepted') return;
  if (!change.canAccept || change.actionTaken !== null)
    throw new ApiFailure('unprocessable', 'This change cannot be accepted here.', {
      reason: 'not_acceptable',
    });
  const supplier = deps.suppliers.orders(change.supplier);
  if (!supplier)
    throw new ApiFailure('unprocessable', 'This change cannot be accepted here.', {
      reason: 'not_acceptable',
    });
  let accepted: AirlineChange;
  try {
    accepted = await supplier.acceptChange(change.supplierChangeId);
  } catch (error) {
    if (error instanceof SupplierRefused) {
      deps.log.warn(
        { orderId, changeId, errors: error.detail },
        'supplier refused to accept an airline change',
      );
      throw new ApiFailure('unprocessable', 'This change cannot be accepted here.', {
        reason: 'not_acceptable',
      });
    }
    throw new ApiFailure('unavailable', 'The airline could not be reached. Please try again.', {
      reason: 'supplier_unavailable',
    });
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await recordAirlineChangeAction(tx, change.id, {
      actionTaken: accepted.actionTaken ?? 'accepted',
      actionTakenAt: actionAt(accepted) ?? now,
      canAccept: accepted.canAccept,
      updatedAt: now,
    });
    await applyAcceptedChanges(tx, deps, orderId);
  });
  airlineChangesTotal.inc({ supplier: supplier.id, event: 'accepted' });
}
