/**
 * Booking (docs/design.md §4): POST /v1/orders re-prices the offer with live seats, checks the passengers
 * against it (packages/core/src/booking-rules.ts), and in ONE transaction records the order and holds its
 * seats, so concurrent bookings never sell more seats than a flight has. At most once per Idempotency-Key.
 */
import { createHash } from 'node:crypto';
import { idempotency, isUniqueViolation, type Database } from '@parvoz/db';
import type { CreateOrderInput, Order, PriceChangedDetails } from '@parvoz/contracts/booking';
import { checkBooking, toJsonPointer, type BookingRuleError } from '@parvoz/core/booking-rules';
import { priceOrder, sameAmount } from '@parvoz/core/order-pricing';
import { DEFAULT_RATES } from '@parvoz/core/money';
import type { Offer } from '@parvoz/core/search-types';
import type { Caller } from '../accounts/index.ts';
import type { ApiConfig } from '../../config.ts';
import { ApiFailure } from '../../errors.ts';
import { clientNetwork } from '../../ip-network.ts';
import type { SupplierOrders } from '../../suppliers/orders.ts';
import { claimIdempotencyKey, IDEMPOTENCY_KEY_PATTERN } from '../../idempotent.ts';
import { supplierFailure } from '../../suppliers/api-failure.ts';
import type { FlightService } from '../search/index.ts';
import { offerConditions } from '../orders/index.ts';
import { recordSale } from '../books/index.ts';
import { assertHoldAllowed, holdOrderSeats, seatRequests } from './holds.ts';
import { issueAccessToken, newBookingReference, newOrderId } from '../orders/index.ts';
import { insertOrder, insertPassengers, type NewOrder, type SeatRequest } from '../orders/index.ts';
import { loadOrder, presentOrder } from '../orders/index.ts';
import { addTraveller, listTravellers, MAX_SAVED_TRAVELLERS } from '../accounts/index.ts';
import { bookAtSupplier, releaseAtSupplier, type SupplierBooking } from '../supplier-orders/index.ts';
import { redeemPromo, usablePromo, type UsablePromo } from '../promo-codes/index.ts';
import { assertPromoApplies, promoContext } from './promo.ts';
import { chooseSeats, chosenSeats } from '../seats/index.ts';

/** The payment window of a new order (docs/design.md §4): unpaid after this, it is cancelled and its seats released. */
export const PAYMENT_WINDOW_MS = 20 * 60_000;

/** Keys as the web's fetch helper makes them (UUIDs) or any client's: 8–200 of [A-Za-z0-9_.:-]. */

export interface BookingDeps {
  db: Database;
  config: ApiConfig;
  flights: FlightService;
  now: () => Date;
}

export type BookingOutcome =
  'created' | 'replayed' | 'invalid' | 'price_changed' | 'sold_out' | 'expired' | 'hold_limit' | 'failed';

/** Field errors of the rules, as 400 validation_failed (the same shape zod errors get). */
export function ruleFailure(errors: readonly BookingRuleError[]): ApiFailure {
  return new ApiFailure(
    'validation_failed',
    'The request is not valid.',
    errors.map((e) => ({
      in: 'body',
      path: toJsonPointer(e.path),
      message: e.message,
      ...(e.values ? { values: e.values } : {}),
    })),
  );
}

/** Same person, same document: not saved twice. */
async function saveTravellers(tx: Database, userId: string, input: CreateOrderInput): Promise<void> {
  const existing = await listTravellers(tx, userId);
  let room = MAX_SAVED_TRAVELLERS - existing.length;
  const seen = new Set(
    existing.map((t) => `${t.given_name}|${t.family_name}|${t.born_on}|${t.document_number}`.toUpperCase()),
  );
  for (const p of input.passengers) {
    const key = `${p.given_name}|${p.family_name}|${p.born_on}|${p.document.number}`.toUpperCase();
    if (seen.has(key) || room <= 0) continue;
    seen.add(key);
    room--;
    await addTraveller(tx, userId, {
      given_name: p.given_name,
      family_name: p.family_name,
      born_on: p.born_on,
      gender: p.gender,
      citizenship: p.citizenship,
      document_number: p.document.number,
      document_expires_on: p.document.expires_on,
    });
  }
}

async function recordOrder(
  tx: Database,
  values: (id: string) => Omit<NewOrder, 'id' | 'bookingReference'>,
  /** An id chosen before (a supplier's order already carries it). */
  presetId?: string,
): Promise<{ id: string; bookingReference: string }> {
  for (let attempt = 0; ; attempt++) {
    const id = presetId ?? newOrderId();
    const bookingReference = newBookingReference();
    try {
      // A savepoint: a taken booking reference rolls back only this insert, and we draw another.
      await tx.transaction((sp) => insertOrder(sp, { ...values(id), id, bookingReference }));
      return { id, bookingReference };
    } catch (error) {
      if (attempt < 8 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** A booking checked and priced, ready to record. */
interface PreparedBooking {
  offer: Offer;
  /** The offer's id as booked: a supplier's may be another offer than asked, priced for these travellers' ages. */
  offerId: string;
  price: ReturnType<typeof priceOrder>;
  seats: SeatRequest[];
  /** Seated passengers (infants sit on a lap): the seats the order holds on each flight. */
  seated: number;
  /** Set when a real supplier books the seats (its order, not our seat inventory). */
  supplier?: SupplierOrders;
  /** The promo code the price includes, and what it took off (minor units). */
  promo?: { code: UsablePromo; discountMinor: number };
}

/**
 * Re-prices the offer with the seats sold now and checks the request against it; throws ApiFailure for
 * every refusal. Runs before the transaction (on PGlite a transaction holds the only connection).
 */
async function prepare(deps: BookingDeps, input: CreateOrderInput, now: Date): Promise<PreparedBooking> {
  const seller = deps.flights.suppliers.ofOffer(input.offer_id);
  // A supplier's offer is booked at that supplier (modules/supplier-orders/booking.ts), which needs it configured here.
  if (seller.kind === 'unconfigured')
    throw new ApiFailure('validation_failed', 'The request is not valid.', [
      { in: 'body', path: '/offer_id', message: 'booking.error.offer' },
    ]);
  const soldSeats = await deps.flights.soldSeatsNow();
  const code = input.promo_code
    ? await usablePromo(deps.db, input.promo_code, now, input.contact.email)
    : undefined;
  const priced = await deps.flights.supplier.price(input.offer_id, {
    now: now.getTime(),
    soldSeats,
    // Priced for these travellers' ages (a supplier may answer another offer) and the market booked in.
    bornOn: input.passengers.map((p) => p.born_on),
    market: input.lang,
    ...(input.currency ? { currency: input.currency } : {}),
    ...promoContext(code),
  });
  if (!priced.ok) {
    if (priced.error.code === 'offer_not_found')
      throw new ApiFailure('validation_failed', 'The request is not valid.', [
        { in: 'body', path: '/offer_id', message: 'booking.error.offer' },
      ]);
    throw supplierFailure(priced.error);
  }
  const offer = priced.data;
  const today = now.toISOString().slice(0, 10);
  const errors = checkBooking(input, offer, today);
  if (errors.length > 0) throw ruleFailure(errors);
  const promo = code && { code, discountMinor: assertPromoApplies(offer, code) };

  const seatLines = await chooseSeats(deps, offer, offer.id, input.passengers, input.seats, now);
  const price = priceOrder(offer, input.passengers, input.services, seatLines);
  if (
    input.expected_total !== undefined &&
    !sameAmount(input.expected_total, price.total_amount, price.currency)
  ) {
    const details: PriceChangedDetails = {
      reason: 'price_changed',
      old_total: input.expected_total,
      new_total: price.total_amount,
      currency: price.currency,
    };
    throw new ApiFailure('unprocessable', 'The price of this offer has changed.', details);
  }
  const seated = input.passengers.filter((p) => p.type !== 'infant').length;
  // A supplier's seats are held by the supplier's own order, never in our seat inventory.
  const extra = promo ? { promo } : {};
  const { orders } = seller.kind === 'supplier' ? seller.supplier : {};
  if (orders) return { offer, offerId: offer.id, price, seats: [], seated, supplier: orders, ...extra };
  const seats = seatRequests(offer, seated, deps.config.scheduleSeed);
  return { offer, offerId: input.offer_id, price, seats, seated, ...extra };
}

/**
 * Records the order, holds its seats and makes its first access token, in the caller's transaction (all or
 * nothing), once the caps on the client's unpaid holds allow it.
 */
async function record(
  deps: BookingDeps,
  tx: Database,
  caller: Caller,
  clientIp: string | null,
  input: CreateOrderInput,
  prepared: PreparedBooking,
  now: Date,
  atSupplier?: SupplierBooking,
): Promise<{ orderId: string; token: string }> {
  const { offer, price } = prepared;
  const userId = caller.kind === 'user' ? caller.userId : null;
  // The per-IP cap counts the client's network (an IPv6 /64), not its address (docs/operations.md).
  const network = clientIp === null ? null : clientNetwork(clientIp, deps.config.ipv6ClientPrefix);
  await assertHoldAllowed(
    tx,
    { email: input.contact.email, ip: network, userId },
    prepared.seated,
    { maxSeats: deps.config.holdMaxSeats, maxUnpaidOrders: deps.config.holdMaxUnpaidOrders },
    now,
  );
  const { id } = await recordOrder(
    tx,
    () => ({
      userId,
      contactFullName: input.contact.full_name,
      contactEmail: input.contact.email,
      contactPhone: input.contact.phone,
      offerId: prepared.offerId,
      offer,
      price,
      totalMinor: price.total_minor,
      currency: price.currency,
      bookingStatus: 'new',
      paymentStatus: 'not_paid',
      lang: input.lang,
      clientIp,
      clientNetwork: network,
      paymentDeadline: new Date(now.getTime() + PAYMENT_WINDOW_MS),
      // The fare rules as shown on the booking page, kept: a later change of the fee changes no booked order.
      fareConditions: offerConditions(offer, deps.config),
      createdAt: now,
      updatedAt: now,
      ...(atSupplier?.instant
        ? {
            // Booked at the airline only once paid (modules/supplier-orders/payments.ts): no supplier order yet, the supplier's total
            // kept to book it at, and the payment window never past the offer's own expiry.
            supplier: atSupplier.supplier,
            supplierTotalAmount: atSupplier.instant.totalAmount,
            supplierCurrency: atSupplier.instant.totalCurrency,
            paymentDeadline: new Date(
              Math.min(
                now.getTime() + PAYMENT_WINDOW_MS,
                Date.parse(atSupplier.instant.expiresAt) || Infinity,
                Date.parse(offer.expires_at) || Infinity,
              ),
            ),
          }
        : atSupplier?.booking
          ? {
              supplier: atSupplier.supplier,
              supplierOrderId: atSupplier.booking.orderId,
              supplierBookingReference: atSupplier.booking.bookingReference,
              supplierTotalAmount: atSupplier.booking.totalAmount,
              supplierCurrency: atSupplier.booking.totalCurrency,
              // Never past the supplier's own deadline for paying its hold.
              ...(atSupplier.booking.paymentRequiredBy &&
              Date.parse(atSupplier.booking.paymentRequiredBy) < now.getTime() + PAYMENT_WINDOW_MS
                ? { paymentDeadline: new Date(Date.parse(atSupplier.booking.paymentRequiredBy)) }
                : {}),
            }
          : {}),
    }),
    atSupplier?.orderId,
  );
  // The agency's books of the sale (docs/operations.md#reports-and-books), with the order or not at all.
  await recordSale(tx, {
    orderId: id,
    at: now,
    offer,
    currency: price.currency,
    saleMinor: price.total_minor,
    supplier: atSupplier?.supplier ?? null,
    supplierTotal: (({ totalAmount: amount, totalCurrency: currency }) => ({ amount, currency }))(
      atSupplier?.instant ?? atSupplier?.booking ?? { totalAmount: '', totalCurrency: '' },
    ),
    rates: { ...DEFAULT_RATES, ...deps.config.exchangeRates },
  });
  await insertPassengers(
    tx,
    input.passengers.map((p, position) => ({
      orderId: id,
      position,
      type: p.type,
      givenName: p.given_name,
      familyName: p.family_name,
      bornOn: p.born_on,
      gender: p.gender,
      citizenship: p.citizenship,
      documentNumber: p.document.number,
      documentExpiresOn: p.document.expires_on,
    })),
  );
  // A supplier's seats are the airline's: only the built-in network's are held here.
  await holdOrderSeats(tx, id, prepared.seats, prepared.supplier ? [] : chosenSeats(price.seats ?? []));
  // After the seats, as the expiry releases them: the code's row is always locked last (no deadlock).
  if (prepared.promo) {
    const { code, discountMinor } = prepared.promo;
    await redeemPromo(
      tx,
      code,
      { id, email: input.contact.email, discountMinor, currency: price.currency },
      now,
    );
  }
  if (userId && input.save_travellers) await saveTravellers(tx, userId, input);
  return { orderId: id, token: await issueAccessToken(tx, id, now) };
}

/** What must be identical on a retry with the same key: the validated body. */
export function orderRequestHash(input: CreateOrderInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * POST /v1/orders at most once per Idempotency-Key: a retry with the same key and body gets the same
 * order (the stored record keeps its id only, never a token: the retry gets a new access token of its own,
 * the first one stays live), the same key with another body 422, a retry while the first runs 409. A
 * refusal commits nothing and frees the key. `clientIp` (client-ip.ts) counts towards the hold caps.
 */
export async function createOrder(
  deps: BookingDeps,
  caller: Caller,
  clientIp: string | null,
  input: CreateOrderInput,
  /** The Idempotency-Key header and whose it is (`idempotencyScope`: another caller's key is another key). */
  keyed: { key: string | undefined; scope: string },
  onOutcome: (outcome: BookingOutcome) => void = () => undefined,
): Promise<{ status: 201; body: { data: Order } }> {
  if (!keyed.key || !IDEMPOTENCY_KEY_PATTERN.test(keyed.key)) {
    throw new ApiFailure(
      'validation_failed',
      'The Idempotency-Key header is required (8–200 of A-Z a-z 0-9 _ . : -).',
      [{ in: 'headers', path: '/idempotency-key', message: 'required' }],
    );
  }
  const ref = { scope: `${keyed.scope}:POST /v1/orders`, key: keyed.key };
  const started = await claimIdempotencyKey(deps.db, ref, orderRequestHash(input));
  if (started !== 'new') {
    onOutcome('replayed');
    const stored = started.body as { order_id?: unknown };
    const order = typeof stored?.order_id === 'string' ? await loadOrder(deps.db, stored.order_id) : null;
    if (!order) throw new ApiFailure('not_found', 'No such order.');
    const token = await issueAccessToken(deps.db, order.row.id, deps.now());
    // A replay answers as the first did: an order's key is only ever completed with 201 (below).
    return { status: 201, body: { data: presentOrder(order, deps.now(), token) } };
  }

  const now = deps.now();
  let orderId: string;
  let token: string;
  let atSupplier: SupplierBooking | undefined;
  let supplier: SupplierOrders | undefined;
  try {
    const prepared = await prepare(deps, input, now);
    supplier = prepared.supplier;
    // A supplier's order first (HTTP, outside any transaction), under a key derived from this request's own.
    // The offer as priced for these travellers: the one the supplier books (its id may be another than asked).
    const booked = { ...input, offer_id: prepared.offerId };
    if (supplier) {
      const { services, seats } = prepared.price;
      atSupplier = await bookAtSupplier(supplier, booked, ref, now, services, seats ?? []);
    }
    ({ orderId, token } = await deps.db.transaction(async (tx) => {
      const recorded = await record(deps, tx, caller, clientIp, input, prepared, now, atSupplier);
      await idempotency.complete(tx, {
        ...ref,
        responseStatus: 201,
        responseBody: { order_id: recorded.orderId },
      });
      return recorded;
    }));
  } catch (error) {
    await idempotency.abandon(deps.db, ref).catch(() => undefined);
    // Booked at the supplier but not recorded here (e.g. the caps on unpaid holds): its hold is given up.
    if (atSupplier?.booking && supplier) await releaseAtSupplier(supplier, atSupplier.booking.orderId);
    onOutcome(outcomeOf(error));
    throw error;
  }
  onOutcome('created');
  const order = await loadOrder(deps.db, orderId);
  return { status: 201, body: { data: presentOrder(order!, now, token) } };
}

function outcomeOf(error: unknown): BookingOutcome {
  if (!(error instanceof ApiFailure)) return 'failed';
  if (error.code === 'offer_unavailable') return 'sold_out';
  if (error.code === 'offer_expired') return 'expired';
  if (error.code === 'unprocessable') return 'price_changed';
  if (error.code === 'hold_limit_reached') return 'hold_limit';
  // The supplier could not be reached (modules/supplier-orders/booking.ts).
  if (error.code === 'unavailable') return 'failed';
  return 'invalid';
}
