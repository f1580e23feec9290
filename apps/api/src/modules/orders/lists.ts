import type { Database } from '@parvoz/db';
import type { OrderSummary } from '@parvoz/contracts/orders';
import { contactEmailSettled } from './email-change-undo.ts';
import { claimOrdersOfEmail, ordersOfUser } from './store/lists.ts';

const MAX_ORDERS = 500;

type Segment = { departing_at?: unknown; arriving_at?: unknown; origin?: unknown; destination?: unknown };
type Snapshot = { slices?: Array<{ origin?: unknown; destination?: unknown; segments?: Segment[] }> };

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** First departure, last arrival and the last flight's departure of an order's itinerary snapshot. */
export function itineraryTimes(offer: unknown) {
  const slices = (offer as Snapshot | null)?.slices ?? [];
  const segments = slices.flatMap((s) => s.segments ?? []);
  const first = segments[0];
  const last = segments.at(-1);
  return {
    origin: str(slices[0]?.origin) ?? str(first?.origin),
    destination: str(slices[0]?.destination) ?? str(first?.destination),
    departingAt: str(first?.departing_at),
    arrivingAt: str(slices[0]?.segments?.at(-1)?.arriving_at) ?? str(last?.arriving_at),
    lastDepartureAt: str(last?.departing_at),
  };
}

/** Active: not cancelled and its last flight not yet departed; history: the rest (spec §1 "My orders"). */
export function isActiveOrder(bookingStatus: string, offer: unknown, now: Date): boolean {
  if (bookingStatus === 'cancelled') return false;
  const last = itineraryTimes(offer).lastDepartureAt;
  if (!last) return true;
  const at = Date.parse(last);
  return Number.isNaN(at) || at > now.getTime();
}

function amount(minor: number, currency: string): string {
  const digits = currency === 'UZS' ? 0 : 2;
  return digits === 0 ? String(minor) : (minor / 100).toFixed(2);
}

export async function listOrders(
  db: Database,
  userId: string,
  status: 'active' | 'history',
  now: Date,
): Promise<OrderSummary[]> {
  const rows = await ordersOfUser(db, userId, MAX_ORDERS);
  return rows
    .filter(({ order }) => isActiveOrder(order.bookingStatus, order.offer, now) === (status === 'active'))
    .map(({ order, passengers }) => {
      const times = itineraryTimes(order.offer);
      return {
        id: order.id,
        booking_reference: order.bookingReference,
        created_at: order.createdAt.toISOString(),
        booking_status: order.bookingStatus,
        payment_status: order.paymentStatus,
        refund_status: order.refundStatus,
        total_amount: amount(order.totalMinor, order.currency),
        total_currency: order.currency,
        contact_full_name: order.contactFullName,
        origin: times.origin,
        destination: times.destination,
        departing_at: times.departingAt,
        arriving_at: times.arrivingAt,
        passengers: Number(passengers),
      };
    });
}

/**
 * At a sign-in that proved `email`: the orders booked with it and no account become the user's, unless it became
 * their contact email less than 48 hours ago (a change made with a link that may have leaked, which the replaced
 * address may still undo: docs/decisions/0022-email-change-undo.md). Such an order is claimed at a sign-in
 * after the window.
 */
export function claimOrdersAtSignIn(db: Database, email: string, userId: string, now: Date): Promise<void> {
  return claimOrdersOfEmail(db, email, userId, contactEmailSettled(now));
}
