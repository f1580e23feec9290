import type { FastifyInstance } from 'fastify';
import { paymentsTotal } from '../../../metrics.ts';
import type { ServiceLog } from '../../../platform/log.ts';
import type { EventEffect } from '../../../modules/payments/index.ts';
import { startRefunds } from '../../../modules/payments/index.ts';

/**
 * What follows a provider's change once committed (a webhook, a provider's callback or merchant call): the
 * refunds it recorded are asked of the providers (modules/payments/refunds.ts), the payment is counted, and the supplier
 * pass (a paid order) and the outbox (the emails it queued) are kicked.
 */
export async function afterPaymentEvent(
  app: FastifyInstance,
  outcome: { effect?: EventEffect | undefined; refundIds: readonly string[] },
  log: ServiceLog,
): Promise<void> {
  const { db, now } = app.deps;
  const { effect, refundIds } = outcome;
  if (refundIds.length > 0)
    await startRefunds(
      { db, now, providers: app.deps.payments, siteUrl: app.deps.publicOrigin },
      refundIds,
      log,
    );
  if (effect === 'paid') {
    paymentsTotal.inc({ status: 'paid' });
    app.deps.kickSupplierPayments();
  } else if (effect === 'failed') paymentsTotal.inc({ status: 'declined' });
  if (effect === 'paid' || effect === 'late_payment_refunded' || effect === 'refunded') app.deps.kickOutbox();
}
