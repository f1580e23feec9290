/**
 * The Duffel stand-in's (./duffel-server.ts) orders as Duffel's API reference (duffel.com/docs/api, "Orders",
 * "Payments") and its hold guide describe them: `POST /air/orders` books an offer once, with the offer's
 * passengers validated as Duffel validates them (./duffel-passengers.ts), identity documents as the offer says
 * (./duffel-rules.ts) and services of the offer's — its bags, or seats of its seat maps (./duffel-seat-maps.ts);
 * `GET /air/orders/:id` reads one; `POST /air/payments` pays a hold (./duffel-hold-payments.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Loose } from '../../../payments/testing/http.ts';
import {
  cents,
  duffelFailure,
  duffelId,
  duffelNotFound,
  invalidData,
  major,
  offerGone,
} from './duffel-answers.ts';
import type { holdPayments } from './duffel-hold-payments.ts';
import { passengerRefusal } from './duffel-passengers.ts';
import { identityDocumentRefusal } from './duffel-rules.ts';
import type { seatMapCalls } from './duffel-seat-maps.ts';

/** The stand-in's orders, booked from `offers` into `orders` (oldest first), paid through `holds`. */
export function orderCalls(context: {
  offers: Map<string, Loose>;
  orders: Loose[];
  holds: ReturnType<typeof holdPayments>;
  seats: ReturnType<typeof seatMapCalls>;
  now: () => Date;
}) {
  const { offers, orders, holds, seats, now } = context;

  /** POST /air/orders: an offer is booked once; passengers by the offer's ids; `instant` pays from the balance. */
  function createOrder(data: Loose) {
    const offerId = Array.isArray(data.selected_offers) ? data.selected_offers[0] : undefined;
    const offer = typeof offerId === 'string' ? offers.get(offerId) : undefined;
    if (!offer) return duffelNotFound('The selected offer does not exist.');
    if (Date.parse(offer.expires_at) <= now().getTime() || orders.some((o) => o.offer_id === offer.id))
      return offerGone();
    const passengers = Array.isArray(data.passengers) ? (data.passengers as Loose[]) : [];
    const expected = (offer.passengers as Loose[]).map((p) => p.id).sort();
    if (JSON.stringify(passengers.map((p) => p.id).sort()) !== JSON.stringify(expected))
      return invalidData('passengers must be those of the offer');
    // Each passenger's fields as Duffel validates them (./duffel-passengers.ts).
    const refused = passengerRefusal(offer, passengers, now());
    if (refused)
      return duffelFailure(
        422,
        'validation_error',
        refused.code,
        refused.title,
        refused.message,
        refused.source,
      );
    const documents = identityDocumentRefusal(offer, passengers);
    if (documents)
      return duffelFailure(422, 'validation_error', documents.code, documents.title, documents.message);
    // Services: each one of the offer's (a bag, or a seat of its seat maps not taken since), at most its
    // `maximum_quantity` (a seat: 1); none on a hold (Duffel's hold guide).
    const wanted = data.services === undefined ? [] : data.services;
    if (!Array.isArray(wanted)) return invalidData('services must be a list');
    const booked: Loose[] = [];
    let servicesTotal = 0;
    for (const w of wanted as Loose[]) {
      const service =
        (offer.available_services as Loose[]).find((a) => a.id === w?.id) ?? seats.service(offer, w?.id);
      if (service === 'taken')
        return invalidData(`The seat of the service ${String(w?.id)} is no longer available.`);
      if (!service)
        return invalidData(`The service ${String(w?.id)} is not available for the selected offer.`);
      const quantity = w.quantity;
      const already = booked.filter((b) => b.id === service.id).reduce((n, b) => n + b.quantity, 0);
      if (!Number.isInteger(quantity) || quantity < 1 || already + quantity > service.maximum_quantity)
        return invalidData(
          `The quantity of the service ${service.id} must be between 1 and ${service.maximum_quantity}.`,
        );
      servicesTotal += cents(service.total_amount) * quantity;
      booked.push({
        id: service.id,
        type: service.type,
        passenger_ids: service.passenger_ids,
        segment_ids: service.segment_ids,
        quantity,
        total_amount: major(cents(service.total_amount) * quantity),
        total_currency: service.total_currency,
        metadata: service.metadata,
      });
    }
    const clash = seats.clash(booked);
    if (clash) return invalidData(clash);
    if (booked.length > 0 && data.type !== 'instant')
      return invalidData(
        'Services cannot be booked with hold orders: omit services or create an instant order.',
      );
    const orderTotal = major(cents(offer.total_amount) + servicesTotal);
    if (data.type === 'instant') {
      const pay = Array.isArray(data.payments) ? data.payments[0] : undefined;
      if (
        !pay ||
        pay.type !== 'balance' ||
        pay.amount !== orderTotal ||
        pay.currency !== offer.total_currency
      )
        return invalidData('payment must be the offer total plus the services');
    } else if (data.type !== 'hold' && data.type !== 'pay_later') {
      return invalidData('type is instant or hold');
    } else if (offer.payment_requirements.requires_instant_payment) {
      // Duffel's hold guide: only offers with `requires_instant_payment: false` can be held.
      return invalidData('This offer requires instant payment and cannot be held.');
    }
    const order = {
      id: duffelId('ord'),
      offer_id: offer.id,
      booking_reference: randomBytes(4).toString('hex').slice(0, 6).toUpperCase(),
      live_mode: false,
      created_at: now().toISOString(),
      type: data.type,
      metadata: data.metadata ?? null,
      total_amount: orderTotal,
      total_currency: offer.total_currency,
      services: booked,
      base_amount: offer.base_amount,
      tax_amount: offer.tax_amount,
      owner: offer.owner,
      conditions: offer.conditions,
      // With each seated passenger's `seat` on its segment; the seats are taken from now on.
      slices: seats.book(offer, booked),
      passengers: passengers.map(({ identity_documents: _docs, ...p }) => p),
      payment_status: holds.paymentStatusOf(data.type, now()),
      cancelled_at: null,
    };
    orders.push(order);
    holds.created(order);
    return { status: 201, body: { data: order } };
  }

  function getOrder(orderId: string) {
    const order = orders.find((o) => o.id === orderId);
    if (!order) return duffelNotFound('The order does not exist.');
    return { status: 200, body: { data: holds.read(order) } };
  }

  /** POST /air/payments: a held order paid from the balance (./duffel-hold-payments.ts). */
  function createPayment(data: Loose) {
    const order = orders.find((o) => o.id === data.order_id);
    return order ? holds.pay(order, data) : duffelNotFound('The order does not exist.');
  }

  return { create: createOrder, get: getOrder, pay: createPayment };
}
