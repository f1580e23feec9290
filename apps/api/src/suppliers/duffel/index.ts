/**
 * Duffel as the site knows it (../registry.ts, docs/duffel.md): its offers by their `dfl.` ids, and when its
 * settings are set (./settings.ts, DUFFEL_ACCESS_TOKEN), its search (./supplier.ts), its side of orders (./orders.ts behind ./port.ts)
 * and, with DUFFEL_WEBHOOK_SECRET, its webhook (./webhook.ts).
 */
import type { SupplierKind } from '../registry.ts';
import type { SupplierWebhook } from '../orders.ts';
import { isDuffelOfferId } from './offer-id.ts';
import { createDuffelOrders } from './orders.ts';
import { duffelSettingsSchema } from './settings.ts';
import { createDuffelSupplier, DUFFEL_SUPPLIER_ID } from './supplier.ts';
import { checkDuffelSignature, creationOf, duffelEventSchema, orderIdOf } from './webhook.ts';

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
  settings: { prefix: 'DUFFEL', schema: duffelSettingsSchema },
  ownsOffer: isDuffelOfferId,
  connect(config, context) {
    const settings = config.duffel;
    if (!settings) return null;
    const apiUrl = settings.apiUrl ? { apiUrl: settings.apiUrl } : {};
    const budgetMs = settings.timeBudgetMs;
    return {
      search: {
        supplier: createDuffelSupplier({
          accessToken: settings.accessToken,
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
        accessToken: settings.accessToken,
        ...apiUrl,
        secret: config.offerSecret,
      }),
      webhook: settings.webhookSecret ? duffelWebhook(settings.webhookSecret) : undefined,
      syncEveryMs: settings.syncSeconds ? settings.syncSeconds * 1000 : undefined,
    };
  },
};
