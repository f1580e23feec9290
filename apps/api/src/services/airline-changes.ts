/**
 * Airline-initiated changes (issue 15 §1; docs/decisions/0017-duffel-supplier.md): an airline may move or replace
 * the flights of an order booked at Duffel (a delay, a new flight number). Duffel records each change with the
 * slices as they were (`removed`) and as they are now (`added`). The supplier pass asks Duffel for the changes of our
 * live Duffel orders (`GET /air/airline_initiated_changes?order_id=`; the orders not asked for longest first) and
 * keeps them in `airline_changes`; the order page shows them, and the traveller may accept one Duffel lists
 * `accept` for (`POST /air/airline_initiated_changes/:id/actions/accept`). Duffel's ids stay here: ours are `chg_…`.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { DuffelError } from '@duffel/api';
import type { AirlineInitiatedChange } from '@duffel/api/types';
import { schema, type ChangedFlight, type Database } from '@parvoz/db';
import { ApiFailure } from '../errors.ts';
import type { DuffelOrders } from '../suppliers/duffel/orders.ts';
import { localWithOffset } from '../suppliers/duffel/mapping.ts';
import { airlineChangesTotal } from '../metrics.ts';

export interface AirlineChangeDeps {
  db: Database;
  duffel: Pick<DuffelOrders, 'listChanges' | 'acceptChange'>;
  now: () => Date;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

/** Orders asked about per run (each one call to Duffel); the oldest-asked first, so all get their turn. */
const BATCH = 50;

/** Our view of a change's slices: every flight with its local times and their offsets. */
export function changedFlights(slices: AirlineInitiatedChange['added']): ChangedFlight[] {
  return slices.flatMap((slice) =>
    slice.segments.map((s) => ({
      carrier: s.marketing_carrier?.iata_code ?? '',
      flight_number: String(s.marketing_carrier_flight_number ?? ''),
      origin: s.origin?.iata_code ?? '',
      destination: s.destination?.iata_code ?? '',
      departing_at: localWithOffset(s.departing_at, s.origin?.time_zone),
      arriving_at: localWithOffset(s.arriving_at, s.destination?.time_zone),
    })),
  );
}

const actionAt = (c: AirlineInitiatedChange) => (c.action_taken_at ? new Date(c.action_taken_at) : null);

/** Keeps the changes Duffel lists for one order (new ones added, known ones brought up to date); returns new ones. */
async function keepChanges(
  db: Database,
  orderId: string,
  changes: AirlineInitiatedChange[],
  now: Date,
): Promise<number> {
  let added = 0;
  for (const c of changes) {
    const values = {
      removed: changedFlights(c.removed),
      added: changedFlights(c.added),
      canAccept: c.available_actions.includes('accept'),
      actionTaken: c.action_taken,
      actionTakenAt: actionAt(c),
      updatedAt: now,
    };
    const inserted = await db
      .insert(schema.airlineChanges)
      .values({
        id: `chg_${randomBytes(16).toString('base64url')}`,
        orderId,
        supplier: 'duffel',
        supplierChangeId: c.id,
        detectedAt: new Date(c.created_at),
        createdAt: now,
        ...values,
      })
      .onConflictDoUpdate({
        target: [schema.airlineChanges.supplier, schema.airlineChanges.supplierChangeId],
        set: values,
      })
      .returning({ fresh: sql<boolean>`xmax = 0` });
    if (inserted[0]?.fresh) added++;
  }
  return added;
}

/** One run: asks Duffel about the live Duffel orders least recently asked about; returns how many changes are new. */
export async function syncAirlineChanges(deps: AirlineChangeDeps): Promise<number> {
  const due = await deps.db
    .select({ id: schema.orders.id, supplierOrderId: schema.orders.supplierOrderId })
    .from(schema.orders)
    .where(
      and(
        eq(schema.orders.supplier, 'duffel'),
        isNotNull(schema.orders.supplierOrderId),
        ne(schema.orders.bookingStatus, 'cancelled'),
      ),
    )
    .orderBy(sql`${schema.orders.supplierChangesCheckedAt} ASC NULLS FIRST`, asc(schema.orders.createdAt))
    .limit(BATCH);
  let fresh = 0;
  for (const order of due) {
    try {
      const changes = await deps.duffel.listChanges(order.supplierOrderId!);
      const added = await keepChanges(deps.db, order.id, changes, deps.now());
      await deps.db
        .update(schema.orders)
        .set({ supplierChangesCheckedAt: deps.now() })
        .where(eq(schema.orders.id, order.id));
      if (added > 0) {
        airlineChangesTotal.inc({ supplier: 'duffel', event: 'detected' }, added);
        deps.log.warn({ orderId: order.id, added }, 'airline changed the flights of an order');
      }
      fresh += added;
    } catch (error) {
      deps.log.warn(
        { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
        'airline changes not read: asked again on the next run',
      );
    }
  }
  return fresh;
}

/**
 * The traveller accepts a change (POST /v1/orders/:id/airline_changes/:change_id/actions/accept): Duffel first, then
 * ours. Accepting one accepted already answers as done; one Duffel does not offer to accept is 422; Duffel
 * unreachable 503, nothing changed.
 */
export async function acceptAirlineChange(
  deps: AirlineChangeDeps,
  orderId: string,
  changeId: string,
): Promise<void> {
  const [change] = await deps.db
    .select()
    .from(schema.airlineChanges)
    .where(and(eq(schema.airlineChanges.id, changeId), eq(schema.airlineChanges.orderId, orderId)));
  if (!change) throw new ApiFailure('not_found', 'No such change of this order.');
  if (change.actionTaken === 'accepted') return;
  if (!change.canAccept || change.actionTaken !== null)
    throw new ApiFailure('unprocessable', 'This change cannot be accepted here.', {
      reason: 'not_acceptable',
    });
  let accepted: AirlineInitiatedChange;
  try {
    accepted = await deps.duffel.acceptChange(change.supplierChangeId);
  } catch (error) {
    if (error instanceof DuffelError && typeof error.status === 'number' && error.status < 500) {
      deps.log.warn(
        { orderId, changeId, errors: error.errors },
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
  await deps.db
    .update(schema.airlineChanges)
    .set({
      actionTaken: accepted.action_taken ?? 'accepted',
      actionTakenAt: actionAt(accepted) ?? now,
      canAccept: accepted.available_actions.includes('accept'),
      updatedAt: now,
    })
    .where(eq(schema.airlineChanges.id, change.id));
  airlineChangesTotal.inc({ supplier: 'duffel', event: 'accepted' });
}
