/**
 * Click as a PaymentProvider (docs/decisions/0012-payme-and-click.md). The traveller pays on Click's page
 * (no card data here); Click then calls our Prepare and Complete endpoints (./callback-routes.ts,
 * ./shop.ts), which is where payments succeed or fail. A refund is Click's Merchant API
 * reversal of the whole payment, whose answer settles it (no callback follows).
 */
import type { Database } from '@parvoz/db';
import { WebhookRejected, type PaymentProvider } from '../provider.ts';
import type { ProviderTransactionsPort } from '../provider-transactions.ts';
import { uzsSession } from '../uzs-provider.ts';
import { sumWithDecimals } from '../uzs.ts';
import { CLICK_PROVIDER, clickAuthHeader, clickPayUrl } from './protocol.ts';
import type { ClickSettings } from './settings.ts';

export interface ClickProviderOptions {
  settings: ClickSettings;
  publicOrigin: () => string;
  /** With `transactions`, finds the Click payment document of a payment, for refunds (absent: refunds cannot be asked). */
  db?: Database;
  transactions?: ProviderTransactionsPort;
  now?: () => Date;
}

export function createClickProvider(options: ClickProviderOptions): PaymentProvider {
  const { settings } = options;
  const now = options.now ?? (() => new Date());
  return {
    name: CLICK_PROVIDER,
    keepsTransactions: true,
    async createSession(input) {
      const { providerRef, returnUrl } = uzsSession('Click', 'ck', input, options.publicOrigin);
      return {
        providerRef,
        redirectUrl: clickPayUrl({
          payUrl: settings.payUrl,
          serviceId: settings.serviceId,
          merchantId: settings.merchantId,
          amount: sumWithDecimals(input.amountMinor),
          orderId: input.orderId,
          returnUrl,
        }),
      };
    },
    async refund(input) {
      const { db, transactions } = options;
      if (!db || !transactions) throw new Error('Click refund: no database to find the payment');
      const found = await transactions.transactionToRefund(db, CLICK_PROVIDER, input.paymentProviderRef, [2]);
      const paydocId = (found?.details as { click_paydoc_id?: string } | null)?.click_paydoc_id;
      if (!found || !paydocId) throw new Error('Click refund: the payment has no completed transaction');
      // A reversal gives back the whole payment; a partial refund (a fee kept) cannot go through it.
      if (input.amountMinor !== found.amountMinor)
        throw new Error(
          `Click refund: a reversal returns the whole payment (${found.amountMinor}), not ${input.amountMinor}: refund it by hand`,
        );
      const response = await fetch(
        `${settings.apiUrl}/payment/reversal/${settings.serviceId}/${encodeURIComponent(paydocId)}`,
        {
          method: 'DELETE',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            auth: clickAuthHeader(settings.merchantUserId, settings.secretKey, now()),
          },
          signal: AbortSignal.timeout(10_000),
        },
      );
      const body = (await response.json().catch(() => null)) as {
        error_code?: number;
        error_note?: string;
        payment_id?: number | string;
      } | null;
      if (!response.ok || body?.error_code !== 0)
        throw new Error(`Click reversal: ${response.status} ${body?.error_code} ${body?.error_note ?? ''}`);
      return { providerRef: `reversal_${paydocId}`, settled: true };
    },
    parseWebhook() {
      throw new WebhookRejected('Click sends no webhooks: it calls /v1/payments/click/prepare and /complete');
    },
  };
}
