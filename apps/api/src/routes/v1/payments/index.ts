import type { FastifyPluginAsync } from 'fastify';
import { ApiFailure } from '../../../errors.ts';
import { paymentsTotal } from '../../../metrics.ts';
import { paymentProvidersResponseSchema } from '@parvoz/contracts/booking';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { offeredProviders } from '../../../payments/selection.ts';
import { WebhookRejected } from '../../../payments/provider.ts';
import { applyPaymentEvent } from '../../../services/payments.ts';
import { startRefunds } from '../../../services/refunds.ts';

/**
 * POST /v1/payments/webhooks/{provider}: the provider's signed notice of a payment's outcome, the only
 * thing that changes an order's payment state. The signature covers the RAW body, so this plugin reads
 * JSON as bytes and parses it only after checking. A forged or stale notice is a 400 and changes nothing;
 * a replay is a 200 that changes nothing.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, now } = app.deps;
  const providers = app.deps.payments;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, body);
    },
  );

  /**
   * GET /v1/payments/providers: the providers this site takes and the order currencies each is offered for
   * (the payment-security page names them). Public: it says what the checkout shows anyone.
   */
  app.get(
    '/providers',
    {
      schema: { response: { 200: paymentProvidersResponseSchema } },
      preHandler: rateLimit(ROUTE_LIMITS.paymentProviders),
    },
    async () => {
      const byProvider = new Map<string, string[]>();
      for (const currency of CURRENCIES)
        for (const name of offeredProviders(providers, currency))
          byProvider.set(name, [...(byProvider.get(name) ?? []), currency]);
      return {
        data: { providers: [...byProvider].map(([name, currencies]) => ({ name, currencies })) },
      };
    },
  );

  app.post<{ Params: { provider: string }; Body: Buffer | undefined }>(
    '/webhooks/:provider',
    async (request, reply) => {
      const provider = providers.get(request.params.provider);
      if (!provider) throw new ApiFailure('not_found', 'No such payment provider.');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event;
      try {
        event = provider.parseWebhook(raw, request.headers, now());
      } catch (error) {
        if (error instanceof WebhookRejected) {
          request.log.warn({ provider: provider.name, reason: error.message }, 'payment webhook rejected');
          throw new ApiFailure('malformed_request', 'The webhook signature is not valid.', {
            reason: error.message,
          });
        }
        throw error;
      }
      const { effect, refundIds } = await applyPaymentEvent(
        { db, now, provider },
        event,
        app.deps.publicOrigin(),
        request.log,
      );
      // Refunds are asked of the provider once the change that caused them is committed (services/refunds.ts).
      if (refundIds.length > 0)
        await startRefunds(
          { db, now, providers: app.deps.payments, siteUrl: app.deps.publicOrigin },
          refundIds,
          request.log,
        );
      if (effect === 'paid') {
        paymentsTotal.inc({ status: 'paid' });
      } else if (effect === 'failed') {
        paymentsTotal.inc({ status: 'declined' });
      }
      if (effect === 'paid' || effect === 'late_payment_refunded' || effect === 'refunded')
        app.deps.kickOutbox();
      return reply.status(200).send({ data: { received: true, effect } });
    },
  );
};
