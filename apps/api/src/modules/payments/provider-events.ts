import { schema, type Database } from '@parvoz/db';
import type { PaymentEvent } from '../../payments/provider.ts';
import type { ServiceLog } from '../../platform/log.ts';

/**
 * Where a verified provider event is applied: in `tx` (the webhook's or callback's transaction, which records the
 * event's id), for `provider`, at `now`; `siteUrl` is the origin of the links in the emails it queues.
 */
export interface EventScope {
  tx: Database;
  provider: string;
  siteUrl: string;
  now: Date;
  log: ServiceLog;
}

/**
 * Records a provider event's id in the transaction of its effect; false when it was handled before (a
 * replay changes nothing). Every payment state change from a provider goes through this.
 */
export async function recordProviderEvent(
  tx: Database,
  provider: string,
  event: PaymentEvent,
  now: Date,
): Promise<boolean> {
  const recorded = await tx
    .insert(schema.webhookEvents)
    .values({ provider, eventId: event.id, payload: event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: schema.webhookEvents.eventId });
  return recorded.length > 0;
}
