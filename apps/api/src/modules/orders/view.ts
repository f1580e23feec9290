/** Reads an order with its passengers and shows it as the API's `Order` (packages/contracts/src/booking.ts). */
import type { ChangedFlight, Database } from '@parvoz/db';
import type { FiscalReceipt, Order } from '@parvoz/contracts/booking';
import { firstDeparture } from '@parvoz/core/fare-rules';
import { fromMajorString, isCurrencyCode, money, toMajorString } from '@parvoz/core/money';
import {
  isCancellable,
  isPayable,
  transition,
  type OrderEvent,
  type OrderStatus,
} from '@parvoz/core/order-status';
import type { OrderPrice } from '@parvoz/core/order-pricing';
import { agencyMinor } from '@parvoz/core/price-breakdown';
import type { Offer } from '@parvoz/core/search-types';
import type { Locale } from '@parvoz/i18n/locales';
import { promoCodeOfLine } from '@parvoz/core/promo-codes';
import type { Caller } from '../accounts/index.ts';
import { ApiFailure } from '../../errors.ts';
import { orderConditions } from './fare-conditions.ts';
import { accessTokenValid } from './access.ts';
import { orderRow, passengersOfOrder, type OrderPassengerRow, type OrderRow } from './store/orders.ts';
import { orderHistory, type AirlineChangeRow, type RefundRow } from './history.ts';

export type { OrderRow } from './store/orders.ts';
export type { AirlineChangeRow, RefundRow } from './history.ts';

export interface LoadedOrder {
  row: OrderRow;
  passengers: OrderPassengerRow[];
  offer: Offer;
  price: OrderPrice;
  /** Oldest first. */
  refunds: RefundRow[];
  /** Airline-initiated changes of a supplier's order, oldest first (modules/after-sale/airline-changes.ts). */
  airlineChanges: AirlineChangeRow[];
  /** Fiscal receipts the providers handed over (the UZS providers' fiscal data, payments/<name>/fiscal-data.ts), oldest first. */
  fiscalReceipts: FiscalReceipt[];
}

export async function loadOrder(db: Database, orderId: string): Promise<LoadedOrder | null> {
  const row = await orderRow(db, orderId);
  if (!row) return null;
  const passengers = await passengersOfOrder(db, orderId);
  const history = orderHistory();
  const refunds = await history.refunds(db, orderId);
  const airlineChanges = row.supplier
    ? (await history.airlineChanges(db, orderId)).sort(
        (a, b) => a.detectedAt.getTime() - b.detectedAt.getTime(),
      )
    : [];
  return {
    row,
    passengers,
    offer: row.offer as Offer,
    price: row.price as OrderPrice,
    refunds,
    airlineChanges,
    fiscalReceipts: await history.fiscalReceipts(db, orderId),
  };
}

type StatusColumns = Pick<OrderRow, 'bookingStatus' | 'paymentStatus'>;

/** An order row's statuses as core's state machine (packages/core/src/order-status.ts) reads them. */
export function statusOf(row: StatusColumns): OrderStatus {
  return { booking_status: row.bookingStatus, payment_status: row.paymentStatus };
}

/** The status columns to write after `event`: core's transition table, which throws on a change it does not allow. */
export function statusAfter(row: StatusColumns, event: OrderEvent): StatusColumns {
  const next = transition(statusOf(row), event);
  return { bookingStatus: next.booking_status, paymentStatus: next.payment_status };
}

/** The order may still be paid now: its statuses allow it and its payment window is open. */
export function payableNow(row: StatusColumns & Pick<OrderRow, 'paymentDeadline'>, now: Date): boolean {
  return isPayable(statusOf(row), row.paymentDeadline, now);
}

/** The order as the API shows it, read again in `db` (the caller's transaction, which knows it exists). */
export async function currentOrder(db: Database, orderId: string, now: Date): Promise<Order> {
  return presentOrder((await loadOrder(db, orderId))!, now);
}

/** The first departure of a booked itinerary (epoch ms), or null when it has none readable (then nothing is cancellable). */
export function departsAtOf(offer: Pick<Offer, 'slices'>): number | null {
  try {
    return firstDeparture(offer.slices ?? []);
  } catch {
    return null;
  }
}

/** Minor units of the order currency as the API writes amounts ("412.50"). */
export function majorOf(amountMinor: number, currency: string): string {
  return isCurrencyCode(currency) ? toMajorString(money(amountMinor, currency)) : String(amountMinor);
}

/** The order's taxes in minor units (the sum of its breakdown's). */
export function taxMinorOf(price: OrderPrice): number {
  return price.price_breakdown.reduce(
    (sum, line) => sum + (fromMajorString(line.tax_amount, price.currency)?.amount ?? 0),
    0,
  );
}

/** The agency's service fee of the order in minor units (packages/core/src/price-breakdown.ts); 0 for none. */
export function serviceFeeMinorOf(price: OrderPrice): number {
  return agencyMinor(price.price_breakdown, price.currency).serviceFeeMinor;
}

const notFound = () => new ApiFailure('not_found', 'No such order.');

/** How a caller may read an order: as its signed-in owner, or by a live access token. */
export type OrderAccess = 'owner' | 'token' | 'staff';

/** The agency's staff acting on any order in the console (routes/v1/ops): never a traveller's credential. */
export const STAFF_ACCESS = { kind: 'staff' } as const;
export type StaffAccess = typeof STAFF_ACCESS;

/** The signed-in owner, or whoever holds a live access token; null for anyone else. */
export async function accessOf(
  db: Database,
  row: OrderRow,
  caller: Caller | StaffAccess,
  accessToken: string | undefined,
): Promise<OrderAccess | null> {
  if (caller.kind === 'staff') return 'staff';
  if (caller.kind === 'user' && row.userId === caller.userId) return 'owner';
  return (await accessTokenValid(db, row.id, accessToken)) ? 'token' : null;
}

/** The order for its owner or a token holder; anyone else gets the same 404 as for a missing order. */
export async function loadOrderFor(
  db: Database,
  orderId: string,
  caller: Caller | StaffAccess,
  accessToken: string | undefined,
): Promise<LoadedOrder & { access: OrderAccess }> {
  const order = await loadOrder(db, orderId);
  const access = order ? await accessOf(db, order.row, caller, accessToken) : null;
  if (!order || !access) throw notFound();
  return { ...order, access };
}

/** The flights of an itinerary in order, with their slice and segment indexes. */
export function flightsOf(offer: Pick<Offer, 'slices'>) {
  return offer.slices.flatMap((slice, sliceIndex) =>
    slice.segments.map((segment, segmentIndex) => ({ sliceIndex, segmentIndex, segment })),
  );
}

/** A changed flight as the order shows it (the slice position and aircraft kept for the rewrite stay inside). */
const shownFlight = ({ slice: _slice, aircraft: _aircraft, ...flight }: ChangedFlight) => flight;

export function presentOrder(order: LoadedOrder, now: Date, accessToken?: string): Order {
  const { row, offer, price } = order;
  const flights = flightsOf(offer);
  const status = statusOf(row);
  const view: Order = {
    id: row.id,
    booking_reference: row.bookingReference,
    supplier_booking_reference: row.supplierBookingReference ?? null,
    created_at: row.createdAt.toISOString(),
    booking_status: row.bookingStatus,
    payment_status: row.paymentStatus,
    ticketing:
      row.bookingStatus === 'new' && row.paymentStatus === 'paid'
        ? row.ticketingProblem
          ? 'delayed'
          : 'in_progress'
        : null,
    refund_status: row.refundStatus,
    refunds: order.refunds.map((r) => ({
      amount: majorOf(r.amountMinor, r.currency),
      currency: r.currency,
      reason: r.reason,
      status: r.status === 'succeeded' ? 'refunded' : 'pending',
      created_at: r.createdAt.toISOString(),
      refunded_at: r.succeededAt ? r.succeededAt.toISOString() : null,
    })),
    fiscal_receipts: order.fiscalReceipts,
    airline_changes: order.airlineChanges.map((c) => ({
      id: c.id,
      detected_at: c.detectedAt.toISOString(),
      removed: c.removed.map(shownFlight),
      added: c.added.map(shownFlight),
      // One carried into the itinerary by a later accepted change (modules/after-sale/airline-changes.ts) is settled with it.
      acceptable:
        c.canAccept && c.actionTaken === null && c.appliedAt === null && row.bookingStatus !== 'cancelled',
      action_taken: c.actionTaken,
      action_taken_at: c.actionTakenAt ? c.actionTakenAt.toISOString() : null,
      applied_at: c.appliedAt ? c.appliedAt.toISOString() : null,
    })),
    cancellable: isCancellable(
      status,
      { paymentDeadline: row.paymentDeadline, departsAt: departsAtOf(offer) ?? Number.NEGATIVE_INFINITY },
      now,
    ),
    tickets_voided_at: row.ticketsVoidedAt ? row.ticketsVoidedAt.toISOString() : null,
    payment_deadline: row.paymentDeadline.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    payable: isPayable(status, row.paymentDeadline, now),
    total_amount: price.total_amount,
    total_currency: price.currency,
    base_amount: price.base_amount,
    tax_amount: price.tax_amount,
    luggage_amount: price.luggage_amount,
    price_breakdown: price.price_breakdown,
    contact: { full_name: row.contactFullName, email: row.contactEmail, phone: row.contactPhone },
    passengers: order.passengers.map((p) => ({
      type: p.type,
      given_name: p.givenName,
      family_name: p.familyName,
      born_on: p.bornOn,
      gender: p.gender,
      citizenship: p.citizenship,
      document: { number: p.documentNumber, expires_on: p.documentExpiresOn ?? null },
      services: price.services
        .filter((s) => s.passenger_index === p.position)
        .map((s) => ({ id: s.id, slice_index: s.slice_index, weight_kg: s.weight_kg, amount: s.amount })),
      seats: (price.seats ?? [])
        .filter((s) => s.passenger_index === p.position)
        .map((s) => ({
          slice_index: s.slice_index,
          segment_index: s.segment_index,
          designator: s.designator,
          amount: s.amount,
        })),
      tickets: (p.ticketNumbers ?? []).flatMap((ticketNumber, i) => {
        const flight = flights[i];
        return flight
          ? [
              {
                slice_index: flight.sliceIndex,
                segment_index: flight.segmentIndex,
                flight_key: flight.segment.flight_key,
                ticket_number: ticketNumber,
              },
            ]
          : [];
      }),
    })),
    cabin_class: offer.cabin_class,
    fare_family: offer.fare_family,
    conditions: orderConditions(row.fareConditions, offer, row.currency),
    slices: offer.slices,
    lang: row.lang as Locale,
  };
  // The code and its discount are the order's stored pricing line (docs/decisions/0029-promo-codes.md).
  const promoLine = offer.pricing?.lines.find((l) => promoCodeOfLine(l.rule_id) !== null);
  if (promoLine)
    view.promo = {
      code: promoCodeOfLine(promoLine.rule_id)!,
      discount_amount: promoLine.amount.replace(/^-/, ''),
    };
  if (accessToken) view.access_token = accessToken;
  return view;
}
