/**
 * Payme's Merchant API methods (docs/payment-providers.md; protocol in payments/payme/protocol.ts): Payme
 * creates a transaction for an order, performs it once the card is debited, and may cancel it (before
 * performing: the payment failed; after: a refund we asked for, or Payme's 12-hour timeout). Each method runs
 * in one database transaction that locks the order first; the order's payment state changes only through the
 * same functions the webhooks use (the port of ../callbacks.ts), so a call repeated any number of times or out of
 * order changes the state once. An order that can no longer take the money is refused at PerformTransaction
 * (-31008): Payme then cancels the transaction and the money never leaves the card holder.
 */
import { payableInMode } from '../mode.ts';
import type { Database } from '@parvoz/db';
import { canTransition } from '@parvoz/core/order-status';
import {
  PAYME_ACCOUNT_FIELD,
  PAYME_PROVIDER,
  PAYME_TIMEOUT_MS,
  PaymeError,
  PaymeFailure,
  PaymeState,
  paymeParamsSchemas,
  type PaymeMethod,
} from './protocol.ts';
import type { PaymentEvent } from '../provider.ts';
import { keepPaymeKey } from './key.ts';
import type { PaymeSettings } from './settings.ts';
import { paymeReceiptDetail, setPaymeFiscalData } from './fiscal-data.ts';
import { tiyinOf } from '../uzs.ts';
import type { EventEffect, EventScope } from '../callbacks.ts';
import type { UzsMerchantDeps } from '../uzs-provider.ts';
import {
  isOrderId,
  transactionEvent,
  type OrderRow,
  type ProviderTransaction,
} from '../provider-transactions.ts';

/** Its settings are the cashbox's: the configured key (ChangePassword) and the fiscal codes. */
export type PaymeDeps = UzsMerchantDeps<PaymeSettings>;

/** A method's answer, and what the route does once it is committed. */
export interface PaymeOutcome {
  result: unknown;
  effect?: EventEffect;
  refundIds: string[];
}

const ms = (date: Date | null) => (date ? date.getTime() : 0);

const failure = {
  orderNotFound: () => new PaymeFailure(PaymeError.account, 'payme.error.orderNotFound', PAYME_ACCOUNT_FIELD),
  notInSum: () => new PaymeFailure(PaymeError.account - 1, 'payme.error.notInSum', PAYME_ACCOUNT_FIELD),
  wrongAmount: () => new PaymeFailure(PaymeError.wrongAmount, 'payme.error.wrongAmount'),
  cannotPerform: () => new PaymeFailure(PaymeError.cannotPerform, 'payme.error.cannotPerform'),
  notFound: () => new PaymeFailure(PaymeError.transactionNotFound, 'payme.error.transactionNotFound'),
  cannotCancel: () => new PaymeFailure(PaymeError.cannotCancel, 'payme.error.cannotCancel'),
};

/** Each method of Payme's Merchant API and what runs it (its params checked by `paymeParamsSchemas`). */
const METHODS: Record<PaymeMethod, (deps: PaymeDeps, params: never) => Promise<PaymeOutcome>> = {
  CheckPerformTransaction: checkPerform,
  CreateTransaction: create,
  PerformTransaction: perform,
  CancelTransaction: cancel,
  CheckTransaction: check,
  GetStatement: statement,
  ChangePassword: changePassword,
  SetFiscalData: async (deps, params: Parameters<typeof setPaymeFiscalData>[2]) => ({
    result: await setPaymeFiscalData(deps.transactions, deps.db, params),
    refundIds: [],
  }),
};

/** Runs one method; throws PaymeFailure for Payme's errors (the route answers them). */
export async function paymeMethod(
  deps: PaymeDeps,
  method: PaymeMethod,
  rawParams: unknown,
): Promise<PaymeOutcome> {
  const parsed = paymeParamsSchemas[method].safeParse(rawParams);
  if (!parsed.success) {
    const accountOnly = parsed.error.issues.every((issue) => issue.path[0] === 'account');
    if (accountOnly) throw failure.orderNotFound();
    throw new PaymeFailure(
      method === 'SetFiscalData' ? PaymeError.fiscalInvalidParams : PaymeError.invalidRequest,
      'payme.error.invalidRequest',
    );
  }
  return METHODS[method](deps, parsed.data as never);
}

/** The order an `account` names, or Payme's account error. */
async function orderOfAccount(deps: PaymeDeps, account: Record<string, unknown>): Promise<OrderRow> {
  const orderId = account[PAYME_ACCOUNT_FIELD];
  const order = isOrderId(orderId) ? await deps.transactions.order(deps.db, orderId) : null;
  if (!order || !payableInMode(deps.mode, order)) throw failure.orderNotFound();
  return order;
}

/** Whether the order may be paid this amount now: the account, the amount, then the order's state. */
function checkOrder(deps: PaymeDeps, order: OrderRow, tiyin: number, now: Date): void {
  if (order.currency !== 'UZS') throw failure.notInSum();
  if (tiyin !== tiyinOf(order.totalMinor)) throw failure.wrongAmount();
  if (!deps.payments.payableNow(order, now)) throw failure.cannotPerform();
}

/** The order's open or performed Payme transaction (a one-time account takes one at a time). */
function liveTransactionOf(
  deps: PaymeDeps,
  db: Database,
  orderId: string,
): Promise<ProviderTransaction | null> {
  return deps.transactions.transactionOfOrder(db, {
    orderId,
    provider: PAYME_PROVIDER,
    states: [PaymeState.created, PaymeState.performed],
  });
}

async function checkPerform(
  deps: PaymeDeps,
  params: { amount: number; account: Record<string, unknown> },
): Promise<PaymeOutcome> {
  const order = await orderOfAccount(deps, params.account);
  checkOrder(deps, order, params.amount, deps.now());
  if (await liveTransactionOf(deps, deps.db, order.id)) throw failure.cannotPerform();
  if (await deps.transactions.otherProviderPaying(deps.db, order.id, PAYME_PROVIDER, deps.now()))
    throw failure.cannotPerform();
  const detail = await paymeReceiptDetail(deps.transactions, deps.db, order, deps.settings);
  return { result: { allow: true, ...(detail ? { detail } : {}) }, refundIds: [] };
}

/**
 * ChangePassword (developer.help.paycom.uz/metody-merchant-api/changepassword): the key was changed in Payme's
 * cabinet; the call came with the old key (the route checked it) and from now on only the new one is taken.
 */
async function changePassword(deps: PaymeDeps, params: { password: string }): Promise<PaymeOutcome> {
  await keepPaymeKey(deps.db, deps.settings.key, params.password);
  deps.log.warn(
    { provider: PAYME_PROVIDER },
    'Payme changed the cashbox key (ChangePassword): the new key is in force',
  );
  return { result: { success: true }, refundIds: [] };
}

/** Where Payme's callbacks apply their payment events (in the callback's transaction). */
function eventScope(deps: PaymeDeps, tx: Database, now: Date): EventScope {
  return { tx, provider: PAYME_PROVIDER, siteUrl: deps.siteUrl(), now, log: deps.log };
}

/** A created transaction older than 12 hours: cancelled (reason 4) and its payment failed. */
function timedOut(transaction: ProviderTransaction, now: Date): boolean {
  return now.getTime() - transaction.providerTime.getTime() > PAYME_TIMEOUT_MS;
}

/**
 * Cancels an unperformed transaction and fails its payment, in the caller's transaction (order locked).
 * The event id names the transaction: however often Payme (or a timeout) cancels it, once.
 */
async function cancelCreated(
  deps: PaymeDeps,
  tx: Database,
  transaction: ProviderTransaction,
  reason: number,
): Promise<EventEffect> {
  const now = deps.now();
  await deps.transactions.updateTransaction(tx, transaction.id, {
    state: PaymeState.cancelled,
    reason,
    cancelledAt: now,
  });
  const payment = await deps.transactions.paymentOf(tx, transaction);
  const event = transactionEvent('cancel', 'payment.failed', transaction, payment);
  const { effect } = await deps.payments.applyEventIn(eventScope(deps, tx, now), event);
  return effect;
}

async function create(
  deps: PaymeDeps,
  params: { id: string; time: number; amount: number; account: Record<string, unknown> },
): Promise<PaymeOutcome> {
  const known = await deps.transactions.transaction(deps.db, PAYME_PROVIDER, params.id);
  const orderId = known?.orderId ?? (await orderOfAccount(deps, params.account)).id;
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await deps.payments.lockOrder(tx, orderId);
    if (!order) throw failure.orderNotFound();
    const now = deps.now();
    const existing = await deps.transactions.transaction(tx, PAYME_PROVIDER, params.id, true);
    if (existing) {
      if (existing.state !== PaymeState.created) throw failure.cannotPerform();
      if (timedOut(existing, now)) {
        await cancelCreated(deps, tx, existing, 4);
        return { timedOut: true as const };
      }
      return { transaction: existing };
    }
    checkOrder(deps, order, params.amount, now);
    if (now.getTime() - params.time > PAYME_TIMEOUT_MS) throw failure.cannotPerform();
    // Another transaction for the same order (a second tab, a second attempt) waits for this one's end.
    if (await liveTransactionOf(deps, tx, order.id)) throw failure.cannotPerform();
    // Nor while the traveller is paying it at another provider (../provider-transactions.ts).
    if (await deps.transactions.otherProviderPaying(tx, order.id, PAYME_PROVIDER, now))
      throw failure.cannotPerform();
    const transaction = await deps.transactions.openTransaction(tx, order, {
      provider: PAYME_PROVIDER,
      externalId: params.id,
      state: PaymeState.created,
      providerTime: new Date(params.time),
      now,
    });
    return { transaction };
  });
  if ('timedOut' in outcome) throw failure.cannotPerform();
  const { transaction } = outcome;
  return {
    result: {
      create_time: transaction.createdAt.getTime(),
      transaction: String(transaction.number),
      state: transaction.state,
      receivers: null,
    },
    refundIds: [],
  };
}

async function perform(deps: PaymeDeps, params: { id: string }): Promise<PaymeOutcome> {
  const known = await deps.transactions.transaction(deps.db, PAYME_PROVIDER, params.id);
  if (!known) throw failure.notFound();
  const outcome = await deps.db.transaction(async (tx) => {
    const order = (await deps.payments.lockOrder(tx, known.orderId))!;
    const transaction = (await deps.transactions.transaction(tx, PAYME_PROVIDER, params.id, true))!;
    if (transaction.state === PaymeState.performed) return { transaction, effect: 'duplicate' as const };
    if (transaction.state !== PaymeState.created) throw failure.cannotPerform();
    const now = deps.now();
    if (timedOut(transaction, now)) {
      await cancelCreated(deps, tx, transaction, 4);
      return { timedOut: true as const };
    }
    const payment = await deps.transactions.paymentOf(tx, transaction);
    const open = payment.status === 'pending' || payment.status === 'requires_action';
    // Expired, cancelled or paid meanwhile: refused, so Payme cancels it and the money stays with the payer.
    if (!open || !canTransition(deps.payments.statusOf(order), 'payment_succeeded'))
      throw failure.cannotPerform();
    const performed = await deps.transactions.updateTransaction(tx, transaction.id, {
      state: PaymeState.performed,
      performedAt: now,
    });
    const event = transactionEvent('perform', 'payment.succeeded', transaction, payment);
    const applied = await deps.payments.applyEventIn(eventScope(deps, tx, now), event);
    return { transaction: performed, ...applied };
  });
  if ('timedOut' in outcome) throw failure.cannotPerform();
  const { transaction } = outcome;
  return {
    result: {
      transaction: String(transaction.number),
      perform_time: ms(transaction.performedAt),
      state: transaction.state,
    },
    effect: outcome.effect,
    refundIds: 'refundIds' in outcome ? outcome.refundIds : [],
  };
}

async function cancel(deps: PaymeDeps, params: { id: string; reason: number }): Promise<PaymeOutcome> {
  const known = await deps.transactions.transaction(deps.db, PAYME_PROVIDER, params.id);
  if (!known) throw failure.notFound();
  const outcome = await deps.db.transaction(async (tx) => {
    await deps.payments.lockOrder(tx, known.orderId);
    const transaction = (await deps.transactions.transaction(tx, PAYME_PROVIDER, params.id, true))!;
    const now = deps.now();
    if (transaction.state === PaymeState.created) {
      const effect = await cancelCreated(deps, tx, transaction, params.reason);
      return { transaction: (await deps.transactions.transaction(tx, PAYME_PROVIDER, params.id))!, effect };
    }
    if (transaction.state !== PaymeState.performed) return { transaction, effect: 'duplicate' as const };
    // Performed: the tickets are issued. Only a refund we asked for (a cancelled booking) may take it back,
    // and only whole (Payme cancels whole receipts).
    const refund = await deps.transactions.pendingRefundOf(tx, transaction.paymentId);
    if (!refund || refund.amountMinor !== transaction.amountMinor) throw failure.cannotCancel();
    const cancelled = await deps.transactions.updateTransaction(tx, transaction.id, {
      state: PaymeState.cancelledAfterPerform,
      reason: params.reason,
      cancelledAt: now,
    });
    const event: PaymentEvent = {
      id: `refund:${transaction.externalId}`,
      type: 'refund.succeeded',
      providerRef: transaction.externalId,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      refundId: refund.id,
    };
    const { effect } = await deps.payments.applyEventIn(eventScope(deps, tx, now), event);
    return { transaction: cancelled, effect };
  });
  const { transaction } = outcome;
  return {
    result: {
      transaction: String(transaction.number),
      cancel_time: ms(transaction.cancelledAt),
      state: transaction.state,
    },
    effect: outcome.effect,
    refundIds: [],
  };
}

async function check(deps: PaymeDeps, params: { id: string }): Promise<PaymeOutcome> {
  const transaction = await deps.transactions.transaction(deps.db, PAYME_PROVIDER, params.id);
  if (!transaction) throw failure.notFound();
  return {
    result: {
      create_time: transaction.createdAt.getTime(),
      perform_time: ms(transaction.performedAt),
      cancel_time: ms(transaction.cancelledAt),
      transaction: String(transaction.number),
      state: transaction.state,
      reason: transaction.reason,
    },
    refundIds: [],
  };
}

/** Our Payme transactions created (Payme's `time`) in [from, to], oldest first, as Payme reconciles them. */
async function statement(deps: PaymeDeps, params: { from: number; to: number }): Promise<PaymeOutcome> {
  const rows = await deps.transactions.statement(
    deps.db,
    PAYME_PROVIDER,
    new Date(params.from),
    new Date(params.to),
  );
  return {
    result: {
      transactions: rows.map((t) => ({
        id: t.externalId,
        time: t.providerTime.getTime(),
        amount: tiyinOf(t.amountMinor),
        account: { [PAYME_ACCOUNT_FIELD]: t.orderId },
        create_time: t.createdAt.getTime(),
        perform_time: ms(t.performedAt),
        cancel_time: ms(t.cancelledAt),
        transaction: String(t.number),
        state: t.state,
        reason: t.reason,
        receivers: null,
      })),
    },
    refundIds: [],
  };
}
