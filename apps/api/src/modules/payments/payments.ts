/**
 * Payment (docs/design.md §4): starting a payment at the provider, and the provider's webhook — the ONLY
 * thing that changes an order's payment state. A webhook event is recorded in `webhook_events` in the same
 * transaction as its effect, so a replayed event changes nothing; events arriving out of order never undo
 * a payment; every order status change goes through the table of packages/core/src/order-status.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@parvoz/db';
import type { ServiceLog } from '../../platform/log.ts';
import { canTransition } from '@parvoz/core/order-status';
import { ticketNumber } from '@parvoz/core/tickets';
import type { Locale } from '@parvoz/i18n/locales';
import type { Caller } from '../accounts/index.ts';
import { ApiFailure } from '../../errors.ts';
import { isDemoDocument } from '../../payments/mode.ts';
import type { PaymentEvent, PaymentProvider } from '../../payments/provider.ts';
import { renderOrderEmail } from '../mail/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import {
  currentOrder,
  flightsOf,
  loadOrder,
  loadOrderFor,
  lockOrder,
  orderLink,
  orderPagePath,
  orderRow,
  payableNow,
  setTicketNumbers,
  statusAfter,
  statusOf,
  updateOrder,
  type LoadedOrder,
} from '../orders/index.ts';
import { renderETicketPdf } from '../documents/index.ts';
import {
  insertPayment,
  latestOpenPayment,
  lockPaymentByRef,
  orderIdOfPayment,
  paymentByRef,
  recordProviderEvent,
  setPaymentSession,
  setPaymentStatus,
} from './store/payments.ts';
import type { EventEffect, EventScope } from '../../payments/callbacks.ts';
import type { ProviderFees } from '../../payments/provider-fees.ts';
import { recordPaid } from '../books/index.ts';
import { applyRefundEvent, refundLatePayment } from './refunds.ts';

export interface PaymentDeps {
  db: Database;
  now: () => Date;
  provider: PaymentProvider;
  /** The providers' fees, for the books of a paid order (none when not given). */
  fees?: ProviderFees;
}

const NO_FEES: ProviderFees = () => ({ percentBp: 0, fixedMinor: 0 });

/**
 * POST /v1/orders/:id/payments: a session at the provider chosen for the order (payments/selection.ts), the
 * open one again if there is one.
 */
export async function startPayment(
  deps: PaymentDeps,
  caller: Caller,
  orderId: string,
  accessToken: string | undefined,
  lang: Locale | undefined,
): Promise<{ redirect_url: string; created: boolean }> {
  await loadOrderFor(deps.db, orderId, caller, accessToken);
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ApiFailure('not_found', 'No such order.');
    const { provider } = deps;
    if (order.paymentStatus === 'paid')
      throw new ApiFailure('unprocessable', 'This order is already paid.', { reason: 'already_paid' });
    if (order.bookingStatus === 'cancelled')
      throw new ApiFailure('unprocessable', 'This order is cancelled.', { reason: 'cancelled' });
    if (!payableNow(order, deps.now()))
      throw new ApiFailure('unprocessable', 'The payment window of this order has ended.', {
        reason: 'payment_window_closed',
      });
    const [open] = await latestOpenPayment(tx, orderId, provider.name);
    if (open?.redirectUrl) return { redirect_url: open.redirectUrl, created: false };

    const pageLang = lang ?? (order.lang as Locale);
    // No access token here: the way back is a URL other parties see (the provider, the browser's history).
    // The web keeps the token in a cookie; a signed-in owner needs none.
    const returnPath = orderPagePath(pageLang, orderId);
    const payment = await insertPayment(tx, {
      orderId,
      provider: provider.name,
      amountMinor: order.totalMinor,
      currency: order.currency,
      status: 'pending',
      returnPath,
      lang: pageLang,
      createdAt: deps.now(),
    });
    const session = await provider.createSession({
      paymentId: payment.id,
      orderId,
      bookingReference: order.bookingReference,
      amountMinor: order.totalMinor,
      currency: order.currency,
      lang: pageLang,
      returnPath,
      customer: {
        fullName: order.contactFullName,
        email: order.contactEmail,
        phone: order.contactPhone,
        ip: order.clientIp,
      },
      payBy: order.paymentDeadline,
    });
    await setPaymentSession(tx, payment.id, session);
    return { redirect_url: session.redirectUrl, created: true };
  });
}

/** The payment of a provider session with its order, for the sandbox's card page. */
export async function paymentSession(db: Database, provider: string, providerRef: string) {
  const payment = await paymentByRef(db, provider, providerRef);
  const order = payment && (await orderRow(db, payment.orderId));
  return payment && order ? { payment, order } : null;
}

/** Whether the card page may still take a card for this session. */
export function sessionOpen(
  row: NonNullable<Awaited<ReturnType<typeof paymentSession>>>,
  now: Date,
): boolean {
  const { payment, order } = row;
  return (payment.status === 'pending' || payment.status === 'requires_action') && payableNow(order, now);
}

/** One ticket number per passenger and flight, from `ticket_number_seq`. */
export async function issueTickets(tx: Database, order: LoadedOrder): Promise<void> {
  const flights = flightsOf(order.offer);
  const count = flights.length * order.passengers.length;
  const serials = await tx.execute<{ n: string }>(
    sql`SELECT nextval('ticket_number_seq')::text AS n FROM generate_series(1, ${count}::int)`,
  );
  let next = 0;
  for (const passenger of order.passengers) {
    const numbers = flights.map((f) =>
      ticketNumber(f.segment.marketing_carrier.iata_code, Number(serials.rows[next++]!.n)),
    );
    await setTicketNumbers(tx, passenger.id, numbers);
  }
}

export type { EventEffect };

/**
 * Applies a verified webhook event once. `siteUrl` is the origin for links in the emails. Returns what
 * happened (for logs, metrics and tests) and the refunds to ask the provider for once committed.
 */
export async function applyPaymentEvent(
  deps: PaymentDeps,
  event: PaymentEvent,
  siteUrl: string,
  log: ServiceLog,
): Promise<{ effect: EventEffect; refundIds: string[] }> {
  return deps.db.transaction((tx) =>
    applyPaymentEventIn(
      { tx, provider: deps.provider.name, siteUrl, now: deps.now(), log },
      event,
      deps.fees,
    ),
  );
}

/**
 * The same in the caller's transaction: for providers whose callbacks change state of their own with it
 * (the UZS providers' transactions, payments/<name>/ through ../../payments/callbacks.ts). The event id is
 * recorded first, so the same event twice changes nothing.
 */
export async function applyPaymentEventIn(
  scope: EventScope,
  event: PaymentEvent,
  fees: ProviderFees = NO_FEES,
): Promise<{ effect: EventEffect; refundIds: string[] }> {
  if (!(await recordProviderEvent(scope.tx, scope.provider, event, scope.now)))
    return { effect: 'duplicate', refundIds: [] };
  if (event.type === 'refund.succeeded' || event.type === 'refund.failed')
    return { effect: await applyRefundEvent(scope, event), refundIds: [] };
  const result = await applyPaymentOutcome(scope, event, fees);
  return typeof result === 'string' ? { effect: result, refundIds: [] } : result;
}

async function applyPaymentOutcome(
  scope: EventScope,
  event: PaymentEvent,
  fees: ProviderFees,
): Promise<EventEffect | { effect: EventEffect; refundIds: string[] }> {
  const { tx, provider, siteUrl, now, log } = scope;
  const orderId = await orderIdOfPayment(tx, provider, event.providerRef);
  if (!orderId) {
    log.warn({ provider, providerRef: event.providerRef }, 'webhook for an unknown payment');
    return 'unknown_payment';
  }
  // Lock order first, then payment (the order every writer uses).
  const order = await lockOrder(tx, orderId);
  const payment = await lockPaymentByRef(tx, provider, event.providerRef);
  if (!order || !payment) return 'unknown_payment';
  if (event.amountMinor !== payment.amountMinor || event.currency !== payment.currency) {
    log.error(
      { paymentId: payment.id, eventId: event.id },
      'webhook amount differs from the payment: ignored',
    );
    return 'ignored';
  }
  const open = payment.status === 'pending' || payment.status === 'requires_action';
  const setStatus = (status: 'requires_action' | 'failed' | 'succeeded') =>
    setPaymentStatus(tx, payment.id, status, now);
  switch (event.type) {
    case 'payment.requires_action':
      if (payment.status !== 'pending') return 'ignored';
      await setStatus('requires_action');
      return 'requires_action';
    case 'payment.failed':
      // A decline never undoes a payment that succeeded (events may arrive out of order).
      if (!open) return 'ignored';
      await setStatus('failed');
      return 'failed';
    case 'refund.succeeded':
    case 'refund.failed':
      return 'ignored';
    case 'payment.succeeded': {
      if (payment.status === 'succeeded') return 'ignored';
      await setStatus('succeeded');
      const status = statusOf(order);
      if (!canTransition(status, 'payment_succeeded')) {
        // Expired, cancelled or paid already: the money never gets lost, it goes back in full
        // (docs/after-sale.md).
        log.warn(
          { orderId: order.id, paymentId: payment.id, status },
          'payment succeeded for an order that cannot take it: refunded automatically',
        );
        const refundId = await refundLatePayment(tx, payment, siteUrl, now);
        return { effect: 'late_payment_refunded', refundIds: [refundId] };
      }
      // The books: the provider's fee on this payment and the margin it leaves (docs/operations.md#reports-and-books).
      await recordPaid(tx, {
        orderId: order.id,
        provider,
        paidMinor: payment.amountMinor,
        fee: fees(provider),
        at: now,
      });
      if (order.supplier !== null) {
        // An order at a supplier: paid here, "ticketing" until the airline has issued its tickets. The supplier
        // pass this payment kicks pays the hold there (or books an offer the airline would not hold) and reads
        // the airline's tickets (modules/supplier-orders/payments.ts, modules/supplier-orders/ticketing.ts). No tickets of ours nor
        // confirmation before that.
        await updateOrder(tx, order.id, {
          ...statusAfter(order, 'payment_succeeded_unconfirmed'),
          paidAt: now,
          updatedAt: now,
        });
        return 'paid';
      }
      await updateOrder(tx, order.id, {
        ...statusAfter(order, 'payment_succeeded'),
        paidAt: now,
        ticketedAt: now,
        updatedAt: now,
      });
      const loaded = await loadOrder(tx, order.id);
      await issueTickets(tx, loaded!);
      await enqueueConfirmation(tx, order.id, siteUrl, now, {
        dedupeKey: `order-confirmation:${order.id}`,
      });
      return 'paid';
    }
  }
}

/**
 * The confirmation email (itinerary, access link, e-ticket PDF), queued in the transaction that paid; sent
 * again on the traveller's request ("send the tickets again", docs/after-sale.md) with no dedupe key.
 */
export async function enqueueConfirmation(
  tx: Database,
  orderId: string,
  siteUrl: string,
  now: Date,
  options: { lang?: Locale; dedupeKey?: string } = {},
): Promise<void> {
  const view = await currentOrder(tx, orderId, now);
  const lang = options.lang ?? view.lang;
  // A link of its own (the booking browser's token stays live alongside it).
  const link = await orderLink(tx, orderId, lang, siteUrl, now);
  // A built-in network's ticket says it is a demonstration's (payments/mode.ts), wherever it is sent from.
  const row = await orderRow(tx, orderId);
  const pdf = await renderETicketPdf(view, lang, link, {
    demo: isDemoDocument(undefined, row ?? { supplier: null }),
  });
  const payload = await renderOrderEmail(lang, { kind: 'order-confirmation', order: view, link });
  await enqueueEmail(tx, {
    to: view.contact.email,
    kind: 'order-confirmation',
    orderId,
    payload: {
      ...payload,
      attachments: [
        {
          filename: `e-ticket-${view.booking_reference}.pdf`,
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
      ],
    },
    now,
    ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
  });
}
