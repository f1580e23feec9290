/**
 * Booking an offer of a real supplier (docs/decisions/0017-duffel-supplier.md, docs/suppliers.md): POST /v1/orders
 * has re-priced the offer (its expiry and price checks are the built-in's), then the supplier's order is created
 * here BEFORE our transaction records ours: a `hold` order (the airline holds the seats, nothing is paid yet), paid
 * from our balance at the supplier once the traveller has paid us (modules/supplier-orders/payments.ts). An offer the airline will
 * not hold, and a booking with extra bags where the supplier books no bags on a hold, are booked by nobody now — the
 * offer and its bags are only checked — : each becomes an `instant` order, paid from the balance, once the traveller
 * has paid us (bookPaidAtSupplier, run by modules/supplier-orders/payments.ts). So the agency never pays a supplier for a booking
 * its traveller did not pay for.
 *
 * The supplier sees a key derived from this request's Idempotency-Key (and whose it is): a retry after a dropped
 * connection, or of the whole request after we failed, finds the order booked before instead of booking twice.
 */
import { createHash } from 'node:crypto';
import type { CreateOrderInput } from '@parvoz/contracts/booking';
import type { OrderServiceLine } from '@parvoz/core/order-pricing';
import type { OrderSeatLine } from '@parvoz/core/seat-maps';
import { ApiFailure } from '../../errors.ts';
import type {
  BookedOrder,
  BookingPassenger,
  BookingResult,
  InstantTerms,
  ServiceChoice,
  SupplierOrders,
} from '../../suppliers/orders.ts';
import { newOrderId } from '../orders/index.ts';

export type SupplierBooking =
  | {
      /** The supplier's id (`orders.supplier`). */
      supplier: string;
      /** Our order's id, chosen before: the supplier's order carries it in its metadata. */
      orderId: string;
      booking: BookedOrder;
      instant?: undefined;
    }
  | {
      supplier: string;
      orderId: string;
      /**
       * No supplier order yet: the airline will not hold this offer (`requires_instant_payment`), or bags were
       * chosen (never booked on a hold), so it is booked as an `instant` order once the traveller has paid us
       * (bookPaidAtSupplier).
       */
      booking: null;
      instant: InstantTerms;
    };

/** The key the supplier sees: our request's key and scope, hashed (no caller identity leaves the site). */
export function supplierIdempotencyKey(ref: { scope: string; key: string }): string {
  return createHash('sha256').update(`${ref.scope}\n${ref.key}`).digest('base64url').slice(0, 32);
}

/**
 * The order's bags or seats as the supplier's services: each priced line carries the supplier's service id and
 * exact price.
 */
export function serviceChoices(
  services: readonly {
    id?: string;
    designator?: string;
    supplier?: { service_id: string; amount: string; currency: string } | undefined;
  }[],
): ServiceChoice[] {
  return services.map((line) => {
    if (!line.supplier)
      throw new Error(`${line.id ?? line.designator} of a supplier's offer without its supplier service`);
    return {
      id: line.supplier.service_id,
      quantity: 1,
      amount: line.supplier.amount,
      currency: line.supplier.currency,
    };
  });
}

export async function bookAtSupplier(
  supplier: SupplierOrders,
  input: CreateOrderInput,
  ref: { scope: string; key: string },
  now: Date,
  /** The bags chosen, as priced (`priceOrder`): each carries the supplier's service id and exact price. */
  services: readonly OrderServiceLine[] = [],
  /** The seats chosen, as priced (`priceSeats`), each with the supplier's service. */
  seats: readonly OrderSeatLine[] = [],
): Promise<SupplierBooking> {
  const orderId = newOrderId();
  const choices = serviceChoices(services);
  const seatChoices = serviceChoices(seats);
  let result: BookingResult;
  try {
    result = await supplier.book(
      {
        offerId: input.offer_id,
        passengers: input.passengers.map((p) => ({
          type: p.type,
          given_name: p.given_name,
          family_name: p.family_name,
          born_on: p.born_on,
          gender: p.gender,
          // The document is taken as issued by the passenger's country of citizenship (the form asks no more).
          document: {
            number: p.document.number,
            expires_on: p.document.expires_on,
            issuing_country_code: p.citizenship,
          },
        })),
        contact: { email: input.contact.email, phone: input.contact.phone },
        idempotencyKey: supplierIdempotencyKey(ref),
        // With extra bags nothing is created (no bags are booked on a hold, and an `instant` order now would be
        // paid before the traveller paid us): the offer's bags are re-read and checked, and the terms answered,
        // to book at pay time (decision 0017, "Extra bags").
        type: 'hold',
        ourOrderId: orderId,
        services: choices,
        ...(seatChoices.length > 0 ? { seats: seatChoices } : {}),
      },
      now.getTime(),
    );
  } catch {
    // The supplier did not answer even the look-up of our key: nothing is known to be booked; the client may retry
    // with the same key (the look-up finds an order made meanwhile).
    throw new ApiFailure('unavailable', 'The airline could not be reached. Please try again.', {
      reason: 'supplier_unavailable',
    });
  }
  if (result.ok) {
    // An order booked by an earlier attempt of this request keeps the id it was booked under.
    const earlier = result.booking.ourOrderId;
    const id = result.booking.replayed && earlier && /^ord_[A-Za-z0-9_-]+$/.test(earlier) ? earlier : orderId;
    return { supplier: supplier.id, orderId: id, booking: result.booking };
  }
  switch (result.code) {
    case 'offer_not_found':
      throw new ApiFailure('validation_failed', 'The request is not valid.', [
        { in: 'body', path: '/offer_id', message: 'booking.error.offer' },
      ]);
    case 'offer_expired':
      throw new ApiFailure(
        'offer_expired',
        'Too much time has passed, the ticket has expired. Please try again',
      );
    case 'invalid_passengers':
      throw new ApiFailure('validation_failed', 'The request is not valid.', [
        { in: 'body', path: '/passengers', message: 'booking.error.passengersMismatch' },
      ]);
    case 'service_unavailable': {
      // The bag or seat is no longer sold as chosen: the booking page's error at that bag or seat.
      const detail = result.detail as { index?: number; seat?: number } | undefined;
      if (detail?.seat !== undefined)
        throw new ApiFailure('validation_failed', 'The request is not valid.', [
          { in: 'body', path: `/seats/${detail.seat}/designator`, message: 'booking.error.seatTaken' },
        ]);
      throw new ApiFailure('validation_failed', 'The request is not valid.', [
        { in: 'body', path: `/services/${detail?.index ?? 0}/id`, message: 'booking.error.serviceUnknown' },
      ]);
    }
    case 'instant_payment_required':
      // Not to be held (the airline's rule, or bags chosen): nothing is booked now; it is booked once paid.
      if (result.instant) return { supplier: supplier.id, orderId, booking: null, instant: result.instant };
      throw new ApiFailure('offer_unavailable', 'The seats of this offer are no longer available.', {
        reason: 'sold_out',
      });
    case 'outcome_unknown':
    case 'pending':
      // The airline may have the hold: not asked again now. A retry of this request with its key finds it (the
      // look-up), and a hold nobody records lapses unpaid or is cancelled by the reconciliation.
      throw new ApiFailure('unavailable', 'The airline has not confirmed the booking. Please try again.', {
        reason: 'supplier_unavailable',
      });
    default:
      throw new ApiFailure('offer_unavailable', 'The seats of this offer are no longer available.', {
        reason: 'sold_out',
      });
  }
}

/** Gives up a held order we could not record (best effort: an unpaid hold also lapses at the airline). */
export async function releaseAtSupplier(supplier: SupplierOrders, supplierOrderId: string): Promise<void> {
  try {
    await supplier.cancelOrder(supplierOrderId);
  } catch {
    // Left to lapse unpaid at its payment deadline.
  }
}

/** The key the supplier sees for an order booked at pay time: one per order of ours, whoever retries it. */
export function paidOrderIdempotencyKey(orderId: string): string {
  return supplierIdempotencyKey({ scope: 'instant-order', key: orderId });
}

/**
 * Books a paid order at its supplier as an `instant` order paid from the balance, at most once: the key and our order
 * id travel in its metadata, so a retry (a dropped connection, another pass, another instance after a lapsed
 * claim) and the reconciliation find the order booked before. `paidAt` is when the traveller paid: our signed
 * offer id is checked as of then (the order's payment window never ends after the offer's expiry); whether the
 * offer can still be booked now is the supplier's answer. The bags chosen at booking are booked with it, each at the
 * price then, and paid with the offer; a bag no longer sold or repriced is a refusal as a moved price is (never
 * an order without the bag). Throws when the supplier cannot be reached.
 */
export async function bookPaidAtSupplier(
  supplier: SupplierOrders,
  order: {
    id: string;
    offerId: string;
    supplierTotalAmount: string | null;
    contact: { email: string; phone: string };
    passengers: BookingPassenger[];
    paidAt: Date;
    /** The order's priced bags (`orders.price.services`), each with its supplier service. */
    services?: readonly OrderServiceLine[];
    /** The order's priced seats (`orders.price.seats`), each with its supplier service. */
    seats?: readonly OrderSeatLine[];
  },
): Promise<BookingResult> {
  return supplier.book(
    {
      offerId: order.offerId,
      passengers: order.passengers,
      contact: order.contact,
      idempotencyKey: paidOrderIdempotencyKey(order.id),
      type: 'instant',
      ourOrderId: order.id,
      services: serviceChoices(order.services ?? []),
      ...(order.seats?.length ? { seats: serviceChoices(order.seats) } : {}),
    },
    order.paidAt.getTime(),
    // The total agreed at booking, bags included: the airline's price moved since (no guarantee without a hold)
    // is a refusal.
    order.supplierTotalAmount ?? undefined,
  );
}
