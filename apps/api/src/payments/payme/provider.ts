/**
 * Payme as a PaymentProvider (docs/decisions/0012-payme-and-click.md). The traveller pays on Payme's
 * checkout page (no card data here); Payme then calls our Merchant API endpoint (./callback-routes.ts,
 * ./merchant.ts), which is where payments succeed, fail and refunds complete. Refunds and the
 * statement go the other way, through Payme's Subscribe API with `X-Auth: <cashbox id>:<key>`: a paid
 * receipt is put in the cancel queue (`receipts.cancel`) and Payme then calls CancelTransaction (reason 5),
 * which settles our refund; `receipts.get_all` lists what Payme holds for reconciliation.
 */
import type { Database } from '@parvoz/db';
import { WebhookRejected, type PaymentProvider, type StatementEntry } from '../provider.ts';
import type { ProviderTransactionsPort } from '../provider-transactions.ts';
import { uzsSession } from '../uzs-provider.ts';
import { TIYIN_PER_MINOR, tiyinOf } from '../uzs.ts';
import { PAYME_PROVIDER, PaymeState, paymeCheckoutUrl, paymeLang } from './protocol.ts';
import type { PaymeSettings } from './settings.ts';
import { paymeKeyInForce } from './key.ts';

export interface PaymeProviderOptions {
  settings: PaymeSettings;
  /** The site's origin, for the way back from the checkout page (never from a request). */
  publicOrigin: () => string;
  /** The key in force, and with `transactions` the Payme transaction of a payment, for refunds (absent: refunds cannot be asked). */
  db?: Database;
  transactions?: ProviderTransactionsPort;
}

/** Receipt states of the Subscribe API (receipts.get_all, receipts.cancel). */
const RECEIPT_PAID = 4;
const RECEIPT_CANCEL_QUEUED = 21;
const RECEIPT_CANCELLED = 50;
/** receipts.get_all gives at most 50 receipts per call. */
const PAGE = 50;

interface Receipt {
  _id: string;
  create_time: number;
  pay_time?: number;
  state: number;
  amount: number;
}

export function createPaymeProvider(options: PaymeProviderOptions): PaymentProvider {
  const { settings } = options;

  /** One Subscribe API call; throws on a transport error or an `error` answer. */
  async function subscribeApi<T>(method: string, params: object): Promise<T> {
    // The key in force: PAYME_KEY, or the one Payme's ChangePassword set since (key.ts).
    const key = options.db ? await paymeKeyInForce(options.db, settings.key) : settings.key;
    const response = await fetch(settings.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth': `${settings.merchantId}:${key}` },
      body: JSON.stringify({ id: Date.now(), method, params }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => null)) as {
      result?: T;
      error?: { code?: number; message?: unknown };
    } | null;
    if (!response.ok || !body || body.error || body.result === undefined)
      throw new Error(`Payme ${method}: ${response.status} ${JSON.stringify(body?.error ?? null)}`);
    return body.result;
  }

  return {
    name: PAYME_PROVIDER,
    keepsTransactions: true,
    async createSession(input) {
      const { providerRef, returnUrl } = uzsSession('Payme', 'pm', input, options.publicOrigin);
      return {
        providerRef,
        redirectUrl: paymeCheckoutUrl({
          checkoutUrl: settings.checkoutUrl,
          merchantId: settings.merchantId,
          orderId: input.orderId,
          tiyin: tiyinOf(input.amountMinor),
          lang: paymeLang(input.lang),
          returnUrl,
        }),
      };
    },
    async refund(input) {
      const { db, transactions } = options;
      if (!db || !transactions) throw new Error('Payme refund: no database to find the transaction');
      const found = await transactions.transactionToRefund(db, PAYME_PROVIDER, input.paymentProviderRef, [
        PaymeState.performed,
        PaymeState.cancelledAfterPerform,
      ]);
      if (!found) throw new Error('Payme refund: the payment has no performed transaction');
      // Payme cancels a whole receipt; a partial refund (a fee kept) cannot go through it.
      if (input.amountMinor !== found.amountMinor)
        throw new Error(
          `Payme refund: a receipt is cancelled whole (${found.amountMinor}), not ${input.amountMinor}: refund it by hand`,
        );
      const result = await subscribeApi<{ receipt?: { state?: number } }>('receipts.cancel', {
        id: found.externalId,
      });
      const state = result.receipt?.state;
      if (state !== RECEIPT_CANCEL_QUEUED && state !== RECEIPT_CANCELLED)
        throw new Error(`Payme receipts.cancel: unexpected receipt state ${String(state)}`);
      // Done when Payme calls CancelTransaction for it (./merchant.ts).
      return { providerRef: found.externalId };
    },
    async statement(from, to) {
      const entries: StatementEntry[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const receipts = await subscribeApi<Receipt[]>('receipts.get_all', {
          count: PAGE,
          from: from.getTime(),
          to: to.getTime(),
          offset,
        });
        for (const receipt of receipts) {
          entries.push({
            externalId: receipt._id,
            // A receipt that is not a whole number of our minor units can never equal an order's amount.
            amountMinor: receipt.amount / TIYIN_PER_MINOR,
            currency: 'UZS',
            state:
              receipt.state === RECEIPT_PAID
                ? 'paid'
                : receipt.state === RECEIPT_CANCELLED
                  ? (receipt.pay_time ?? 0) > 0
                    ? 'refunded'
                    : 'cancelled'
                  : 'pending',
            time: new Date(receipt.create_time),
          });
        }
        if (receipts.length < PAGE) return entries;
      }
    },
    parseWebhook() {
      throw new WebhookRejected('Payme sends no webhooks: it calls /v1/payments/payme');
    },
  };
}
