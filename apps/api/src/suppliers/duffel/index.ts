/**
 * Duffel as the site knows it (../registry.ts, docs/duffel.md): its offers by their `dfl.` ids, and when
 * DUFFEL_ACCESS_TOKEN is set, its search (./supplier.ts), its side of orders (./orders.ts behind ./port.ts)
 * and, with DUFFEL_WEBHOOK_SECRET, its webhook (./webhook.ts).
 */
import type { SupplierKind } from '../registry.ts';
import type { SupplierWebhook } from '../orders.ts';
import { isDuffelOfferId } from './offer-id.ts';
import { createDuffelOrders } from './orders.ts';
import { createDuffelSupplier, DUFFEL_SUPPLIER_ID } from './supplier.ts';
import { checkDuffelSignature, creationOf, duffelEventSchema, orderIdOf } from './webhook.ts';

/** How long a search waits for Duffel unless DUFFEL_TIME_BUDGET_MS says otherwise. */
export const DUFFEL_DEFAULT_BUDGET_MS = 8_000;

/** The one event this site acts on: the airline changed an order's flights. */
const CHANGE_DETECTED = 'order.airline_initiated_change_detected';

export function duffelWebhook(secret: string): SupplierWebhook {
  return {
    checkSignature: (raw, headers, now) =>
      checkDuffelSignature(raw, headers['x-duffel-signature'], secret, now),
    parseEvent(body) {
      const event = duffelEventSchema.safeParse(body);
      if (!event.success) return null;
      const changed = orderIdOf(event.data);
      const creation = creationOf(event.data);
      return {
        id: event.data.id,
        changedOrderId: event.data.type === CHANGE_DETECTED ? changed : null,
        ...(creation ? { creation } : {}),
      };
    },
  };
}

export const duffelSupplier: SupplierKind = {
  id: DUFFEL_SUPPLIER_ID,
  name: 'Duffel',
  ownsOffer: isDuffelOfferId,
  connect(config, context) {
    if (!config.duffelAccessToken) return null;
    const apiUrl = config.duffelApiUrl ? { apiUrl: config.duffelApiUrl } : {};
    const budgetMs = config.duffelTimeBudgetMs ?? DUFFEL_DEFAULT_BUDGET_MS;
    return {
      search: {
        supplier: createDuffelSupplier({
          accessToken: config.duffelAccessToken,
          ...apiUrl,
          network: context.network,
          rates: context.rates,
          secret: config.offerSecret,
          offerTtlMs: config.offerTtlSeconds * 1000,
          searchBudgetMs: budgetMs,
          onDropped: (reason, count) => context.onDropped(DUFFEL_SUPPLIER_ID, reason, count),
        }),
        budgetMs,
        owns: isDuffelOfferId,
      },
      orders: createDuffelOrders({
        accessToken: config.duffelAccessToken,
        ...apiUrl,
        secret: config.offerSecret,
      }),
      webhook: config.duffelWebhookSecret ? duffelWebhook(config.duffelWebhookSecret) : undefined,
      syncEveryMs: config.duffelSyncSeconds ? config.duffelSyncSeconds * 1000 : undefined,
    };
  },
};
