/**
 * Click's SHOP API (docs/payment-providers.md; protocol in payments/click/protocol.ts): Click asks whether an
 * order may be paid (Prepare), debits the card, then tells the outcome (Complete, `error` 0 or negative).
 * Each call runs in one database transaction that locks the order first, and changes the payment state only
 * through the functions the webhooks use (the port of ../callbacks.ts): a call repeated any number of times changes
 * the state once. Once Click has debited the card, Complete must not be refused, so a payment the order can
 * no longer take (it expired between Prepare and Complete) is accepted and refunded automatically — the
 * late-payment path of modules/payments/refunds.ts, which reverses it through Click's Merchant API.
 */
import { payableInMode } from '../mode.ts';
import type { Database } from '@parvoz/db';
import {
  CLICK_ERROR_NOTES,
  CLICK_PROVIDER,
  ClickAction,
  ClickError,
  clickRequestSchema,
  clickSignatureValid,
  type ClickErrorCode,
  type ClickRequest,
} from './protocol.ts';
import type { ClickSettings } from './settings.ts';
import { tiyinOf, tiyinOfSumText } from '../uzs.ts';
import type { EventEffect } from '../callbacks.ts';
import type { UzsMerchantDeps } from '../uzs-provider.ts';
import {
  isOrderId,
  transactionEvent,
  type OrderRow,
  type ProviderTransaction,
} from '../provider-transactions.ts';

export type ClickDeps = UzsMerchantDeps<ClickSettings>;

export interface ClickOutcome {
  answer: Record<string, unknown>;
  effect?: EventEffect;
  refundIds: string[];
}

/** Click's transaction states (kept in `provider_transactions.state`). */
const Prepared = 1;
const Completed = 2;
const Cancelled = -1;

/** Click's ids are 64-bit: a JSON number while exact, else the digits as a string. */
const idValue = (digits: string | undefined) =>
  digits !== undefined && Number.isSafeInteger(Number(digits)) ? Number(digits) : (digits ?? null);

class ClickRefusal extends Error {
  readonly code: ClickErrorCode;
  constructor(code: ClickErrorCode) {
    super(CLICK_ERROR_NOTES[code]);
    this.code = code;
  }
}

/** The fields after the checks every call shares: well-formed, signed with our key, the right action. */
function verified(settings: ClickSettings, fields: unknown, action: number): ClickRequest {
  const parsed = clickRequestSchema.safeParse(fields);
  if (!parsed.success) throw new ClickRefusal(ClickError.badRequest);
  const request = parsed.data;
  if (action === ClickAction.complete && request.merchant_prepare_id === undefined)
    throw new ClickRefusal(ClickError.badRequest);
  if (!clickSignatureValid(request, settings.secretKey)) throw new ClickRefusal(ClickError.signCheckFailed);
  if (request.action !== String(action)) throw new ClickRefusal(ClickError.actionNotFound);
  if (request.service_id !== String(settings.serviceId)) throw new ClickRefusal(ClickError.badRequest);
  return request;
}

function refusal(fields: unknown, error: unknown, idField: 'merchant_prepare_id' | 'merchant_confirm_id') {
  if (!(error instanceof ClickRefusal)) throw error;
  const given = (fields ?? {}) as Record<string, unknown>;
  const text = (name: string) =>
    typeof given[name] === 'string' ? (given[name] as string).slice(0, 100) : undefined;
  const clickTransId = text('click_trans_id');
  return {
    answer: {
      click_trans_id: /^\d{1,19}$/.test(clickTransId ?? '') ? idValue(clickTransId) : null,
      merchant_trans_id: text('merchant_trans_id') ?? null,
      [idField]: null,
      error: error.code,
      error_note: CLICK_ERROR_NOTES[error.code],
    },
    refundIds: [],
  };
}

/** The order may take this payment now: not paid, the amount exactly its total, still payable. */
function checkOrder(deps: ClickDeps, order: OrderRow, request: ClickRequest, now: Date): void {
  if (order.paymentStatus === 'paid') throw new ClickRefusal(ClickError.alreadyPaid);
  const tiyin = tiyinOfSumText(request.amount);
  if (order.currency !== 'UZS' || tiyin === null || tiyin !== tiyinOf(order.totalMinor))
    throw new ClickRefusal(ClickError.incorrectAmount);
  if (!deps.payments.payableNow(order, now)) throw new ClickRefusal(ClickError.transactionCancelled);
}

/** Whether a prepared, not completed Click attempt on the order is younger than `minutes`. */
async function attemptUnderWay(
  deps: ClickDeps,
  tx: Database,
  orderId: string,
  now: Date,
  minutes: number,
): Promise<boolean> {
  const live = await deps.transactions.transactionOfOrder(tx, {
    orderId,
    provider: CLICK_PROVIDER,
    states: [Prepared],
    since: new Date(now.getTime() - minutes * 60_000),
  });
  return live !== null;
}

/** Prepare (action 0): reserves nothing new (the order holds its seats) but records Click's attempt. */
export async function clickPrepare(deps: ClickDeps, fields: unknown): Promise<ClickOutcome> {
  try {
    const request = verified(deps.settings, fields, ClickAction.prepare);
    // Click reports a failure of its own: nothing to prepare.
    if (Number(request.error) < 0) throw new ClickRefusal(ClickError.transactionCancelled);
    const known = isOrderId(request.merchant_trans_id)
      ? await deps.transactions.order(deps.db, request.merchant_trans_id)
      : null;
    if (!known || !payableInMode(deps.mode, known)) throw new ClickRefusal(ClickError.userNotFound);
    const transaction = await deps.db.transaction(async (tx) => {
      const order = (await deps.payments.lockOrder(tx, known.id))!;
      const now = deps.now();
      const existing = await deps.transactions.transaction(tx, CLICK_PROVIDER, request.click_trans_id, true);
      if (existing) {
        if (existing.state === Completed) throw new ClickRefusal(ClickError.alreadyPaid);
        if (existing.state === Cancelled) throw new ClickRefusal(ClickError.transactionCancelled);
        if (existing.orderId !== order.id || tiyinOfSumText(request.amount) !== tiyinOf(existing.amountMinor))
          throw new ClickRefusal(ClickError.incorrectAmount);
        return existing;
      }
      checkOrder(deps, order, request, now);
      // Another attempt on this order is under way: refused, so that Click cancels this one before debiting
      // (docs.click.uz/shop-api/requests, Prepare answers: an order that cannot be supplied is answered with
      // an error and Click cancels the payment; -9 is the documented code for that, while -4 "already paid"
      // would tell Click the order was confirmed). Otherwise both are debited and one reversed.
      if (await attemptUnderWay(deps, tx, order.id, now, deps.settings.attemptMinutes))
        throw new ClickRefusal(ClickError.transactionCancelled);
      // The same for the traveller paying the order at another provider now.
      if (await deps.transactions.otherProviderPaying(tx, order.id, CLICK_PROVIDER, now))
        throw new ClickRefusal(ClickError.transactionCancelled);
      return deps.transactions.openTransaction(tx, order, {
        provider: CLICK_PROVIDER,
        externalId: request.click_trans_id,
        state: Prepared,
        providerTime: now,
        now,
        details: { click_paydoc_id: request.click_paydoc_id, sign_time: request.sign_time },
      });
    });
    return {
      answer: {
        click_trans_id: idValue(request.click_trans_id),
        merchant_trans_id: request.merchant_trans_id,
        merchant_prepare_id: transaction.number,
        error: ClickError.success,
        error_note: CLICK_ERROR_NOTES[ClickError.success],
      },
      refundIds: [],
    };
  } catch (error) {
    return refusal(fields, error, 'merchant_prepare_id');
  }
}

/** The event of a Click transaction's outcome (its id names the transaction: applied once). */
async function applyOutcome(
  deps: ClickDeps,
  tx: Database,
  transaction: ProviderTransaction,
  type: 'payment.succeeded' | 'payment.failed',
) {
  const payment = await deps.transactions.paymentOf(tx, transaction);
  const event = transactionEvent(
    type === 'payment.succeeded' ? 'complete' : 'cancel',
    type,
    transaction,
    payment,
  );
  return deps.payments.applyEventIn(
    { tx, provider: CLICK_PROVIDER, siteUrl: deps.siteUrl(), now: deps.now(), log: deps.log },
    event,
  );
}

/** Complete (action 1): the card was debited (`error` 0) or the payment failed (`error` < 0). */
export async function clickComplete(deps: ClickDeps, fields: unknown): Promise<ClickOutcome> {
  try {
    const request = verified(deps.settings, fields, ClickAction.complete);
    const number = Number(request.merchant_prepare_id);
    const known = Number.isSafeInteger(number)
      ? await deps.transactions.transactionByNumber(deps.db, number)
      : null;
    if (
      !known ||
      known.provider !== CLICK_PROVIDER ||
      known.externalId !== request.click_trans_id ||
      known.orderId !== request.merchant_trans_id
    )
      throw new ClickRefusal(ClickError.transactionNotFound);
    const outcome = await deps.db.transaction(async (tx) => {
      await deps.payments.lockOrder(tx, known.orderId);
      const transaction = (await deps.transactions.transaction(tx, CLICK_PROVIDER, known.externalId, true))!;
      const now = deps.now();
      if (Number(request.error) < 0) {
        if (transaction.state === Prepared) {
          await deps.transactions.updateTransaction(tx, transaction.id, {
            state: Cancelled,
            cancelledAt: now,
            reason: null,
          });
          const { effect } = await applyOutcome(deps, tx, transaction, 'payment.failed');
          return { cancelled: true as const, effect };
        }
        if (transaction.state === Completed)
          // Click's own tests expect -9 here; a debit it now calls failed is for a person to look at.
          deps.log.error(
            { provider: CLICK_PROVIDER, clickTransId: transaction.externalId, clickError: request.error },
            'Click reported a failure for a payment it had completed: check it with Click (nothing changed here)',
          );
        return { cancelled: true as const };
      }
      if (transaction.state === Completed) throw new ClickRefusal(ClickError.alreadyPaid);
      if (transaction.state === Cancelled) throw new ClickRefusal(ClickError.transactionCancelled);
      if (tiyinOfSumText(request.amount) !== tiyinOf(transaction.amountMinor))
        throw new ClickRefusal(ClickError.incorrectAmount);
      const completed = await deps.transactions.updateTransaction(tx, transaction.id, {
        state: Completed,
        performedAt: now,
      });
      const applied = await applyOutcome(deps, tx, completed, 'payment.succeeded');
      return { transaction: completed, ...applied };
    });
    if ('cancelled' in outcome) {
      const refused = refusal(
        fields,
        new ClickRefusal(ClickError.transactionCancelled),
        'merchant_confirm_id',
      );
      return { ...refused, ...(outcome.effect ? { effect: outcome.effect } : {}) };
    }
    return {
      answer: {
        click_trans_id: idValue(request.click_trans_id),
        merchant_trans_id: request.merchant_trans_id,
        merchant_confirm_id: outcome.transaction.number,
        error: ClickError.success,
        error_note: CLICK_ERROR_NOTES[ClickError.success],
      },
      effect: outcome.effect,
      refundIds: outcome.refundIds,
    };
  } catch (error) {
    return refusal(fields, error, 'merchant_confirm_id');
  }
}
