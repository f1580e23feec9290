import { schema, type Database } from '@parvoz/db';
import type { EventScope } from '../../payments/callbacks.ts';
import type { PaymentEvent } from '../../payments/provider.ts';

export type { EventScope };

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
