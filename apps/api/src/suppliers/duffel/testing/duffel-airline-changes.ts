/**
 * The airlines' changes of the Duffel stand-in's (./duffel-server.ts) orders, as Duffel's API reference
 * (duffel.com/docs/api, "Airline-initiated changes") shows them: a test makes one (`airlineChange`), `GET
 * /air/airline_initiated_changes?order_id=` lists them and `POST /air/airline_initiated_changes/:id/actions/accept`
 * accepts one while `accept` is an available action (else 422).
 */
import type { Loose } from '../../../payments/testing/http.ts';
import { duffelFailure, duffelId, duffelNotFound } from './duffel-answers.ts';

/** The changes of the stand-in's `orders`, oldest first. */
export function airlineChangeCalls(context: { orders: Loose[]; now: () => Date }) {
  const { orders, now } = context;
  const changes: Loose[] = [];

  /**
   * The airline moves an order's flights by `minutes` (a schedule change): Duffel records the slices as they were
   * (`removed`) and are now (`added`, new ids), the order shows the new ones, and `accept` is offered.
   */
  function airlineChange(orderId: string, minutes: number) {
    const order = orders.find((o) => o.id === orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const shift = (wall: string) => {
      const at = new Date(Date.parse(`${wall}Z`) + minutes * 60_000).toISOString();
      return at.slice(0, 19);
    };
    const removed = order.slices as Loose[];
    const added = removed.map((slice) => ({
      ...slice,
      id: duffelId('sli'),
      segments: (slice.segments as Loose[]).map((seg) => ({
        ...seg,
        id: duffelId('seg'),
        departing_at: shift(seg.departing_at),
        arriving_at: shift(seg.arriving_at),
      })),
    }));
    order.slices = added;
    const change = {
      id: duffelId('aic'),
      order_id: order.id,
      action_taken: null,
      action_taken_at: null,
      available_actions: ['accept', 'cancel', 'change'],
      added,
      removed,
      travel_agent_ticket: null,
      created_at: now().toISOString(),
      updated_at: now().toISOString(),
    };
    changes.push(change);
    return change;
  }

  /** GET /air/airline_initiated_changes?order_id=: the changes (of one order), as Duffel lists them. */
  function listChanges(query: URLSearchParams) {
    const orderId = query.get('order_id');
    return { status: 200, body: { data: changes.filter((c) => !orderId || c.order_id === orderId) } };
  }

  /** POST /air/airline_initiated_changes/:id/actions/accept: once, while `accept` is an available action. */
  function acceptChange(changeId: string) {
    const change = changes.find((c) => c.id === changeId);
    if (!change) return duffelNotFound('The change does not exist.');
    if (!change.available_actions.includes('accept'))
      return duffelFailure(
        422,
        'invalid_state_error',
        'invalid_state',
        'Invalid state',
        'This airline-initiated change cannot be accepted.',
      );
    change.action_taken = 'accepted';
    change.action_taken_at = now().toISOString();
    change.updated_at = change.action_taken_at;
    change.available_actions = [];
    return { status: 200, body: { data: change } };
  }

  return { changes, list: listChanges, accept: acceptChange, make: airlineChange };
}
