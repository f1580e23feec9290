/**
 * Duffel's settings (docs/duffel.md), only from the environment (read under the prefix its descriptor in ./index.ts
 * names, by config-check.ts through the registry): none of DUFFEL_* set means the built-in network is the only
 * supplier; some set means DUFFEL_ACCESS_TOKEN must be too, or the start fails naming it.
 */
import { z } from 'zod';
import { requiredWithOthers, settingOrigin } from '../../payments/provider-settings.ts';

/** How long a search waits for Duffel unless DUFFEL_TIME_BUDGET_MS says otherwise. */
export const DUFFEL_DEFAULT_BUDGET_MS = 8_000;

export const duffelSettingsSchema = z.object({
  /** The access token: real flights searched, booked, paid and cancelled at Duffel. */
  accessToken: z
    .string({ error: requiredWithOthers('DUFFEL_ACCESS_TOKEN') })
    .regex(
      /^duffel_(test|live)_[A-Za-z0-9_-]{8,}$/,
      'DUFFEL_ACCESS_TOKEN: expected a Duffel access token (duffel_test_…, duffel_live_…)',
    ),
  /** Another API origin for the SDK (tests point it at a local server); unset, the SDK's own. */
  apiUrl: settingOrigin('DUFFEL_API_URL', 'https://api.duffel.com').optional(),
  /** How long a search waits for Duffel before answering without its offers. */
  timeBudgetMs: z.coerce
    .number({ error: 'DUFFEL_TIME_BUDGET_MS: expected milliseconds' })
    .int('DUFFEL_TIME_BUDGET_MS: expected whole milliseconds')
    .min(100, 'DUFFEL_TIME_BUDGET_MS: at least 100')
    .max(60_000, 'DUFFEL_TIME_BUDGET_MS: at most 60000 (a minute)')
    .default(DUFFEL_DEFAULT_BUDGET_MS),
  /**
   * How often the supplier pass reconciles Duffel's orders with ours and reads the airlines' changes
   * (modules/supplier-orders/reconciliation.ts, airline-changes.ts); unset, the pass's own default (300 s). Each time
   * lists Duffel's orders and asks about up to 50 of ours: not on every 30-second pass.
   */
  syncSeconds: z.coerce
    .number({ error: 'DUFFEL_SYNC_SECONDS: expected seconds' })
    .int('DUFFEL_SYNC_SECONDS: expected whole seconds')
    .min(1, 'DUFFEL_SYNC_SECONDS: at least 1')
    .max(86_400, 'DUFFEL_SYNC_SECONDS: at most 86400 (a day)')
    .optional(),
  /**
   * The secret of the webhook registered at Duffel for `order.airline_initiated_change_detected` (POST
   * /v1/webhooks/duffel): events signed with it make the order's changes read at once instead of at the next sync.
   * Without it the endpoint answers 404 and the periodic sync alone reads them.
   */
  webhookSecret: z
    .string()
    .min(16, 'DUFFEL_WEBHOOK_SECRET: expected the webhook secret Duffel shows (16 characters or more)')
    .optional(),
});
export type DuffelSettings = z.infer<typeof duffelSettingsSchema>;

declare module '../settings.ts' {
  interface SupplierSettings {
    /** Duffel (DUFFEL_*): real airline offers searched beside the built-in network when its access token is set. */
    duffel?: DuffelSettings;
  }
}
