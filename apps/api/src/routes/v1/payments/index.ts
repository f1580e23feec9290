import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { schema } from '@parvoz/db';
import { ApiFailure } from '../../../errors.ts';
import { iyzicoCallbackBodySchema, iyzicoCallbackQuerySchema } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { IYZICO_PROVIDER, type IyzicoProvider } from '../../../payments/iyzico/provider.ts';
import {
  WebhookRejected,
  withPaymentResult,
  type PaymentEvent,
  type PaymentProvider,
} from '../../../payments/provider.ts';
import { isSitePath } from '../../../payments/sandbox.ts';
import { offeredProviders } from '../../../payments/selection.ts';
import { limitedEndpoint, rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { applyPaymentEvent, type EventEffect } from '../../../modules/payments/index.ts';
import { afterPaymentEvent } from './after-event.ts';

/**
 * Payment providers calling back (docs/design.md §4, docs/payment-providers.md):
 *   POST /v1/payments/webhooks/{provider}  the provider's signed notice of a payment's or refund's outcome,
 *                                          the only thing that changes an order's payment state
 *   POST /v1/payments/iyzico/callback?payment=<our payment id>
 *                                          the traveller's browser back from iyzico's form with its token:
 *                                          the result is asked of iyzico and applied like a webhook
 * A signature covers the RAW body, so this plugin reads JSON as bytes and parses it only after checking. A
 * forged or stale notice is a 400 and changes nothing; a replay is a 200 that changes nothing.
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
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** One verified event through the shared state change; refunds it causes are asked for once committed. */
  async function apply(
    provider: PaymentProvider,
    event: PaymentEvent,
    request: FastifyRequest,
  ): Promise<EventEffect> {
    const outcome = await applyPaymentEvent(
      { db, now, provider },
      event,
      app.deps.publicOrigin(),
      request.log,
    );
    await afterPaymentEvent(app, outcome, request.log);
    return outcome.effect;
  }

  function rejected(request: FastifyRequest, provider: string, error: WebhookRejected): ApiFailure {
    request.log.warn({ provider, reason: error.message }, 'payment webhook rejected');
    return new ApiFailure('malformed_request', 'The webhook signature is not valid.', {
      reason: error.message,
    });
  }

  /**
   * GET /v1/payments/providers: the providers this site takes and the order currencies each is offered for
   * (the payment-security page names them). Public: it says what the checkout shows anyone.
   */
  app.get(
    '/providers',
    limitedEndpoint(endpoints.listPaymentProviders, ROUTE_LIMITS.paymentProviders),
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
        event = await provider.parseWebhook(raw, request.headers, now());
      } catch (error) {
        if (error instanceof WebhookRejected) throw rejected(request, provider.name, error);
        throw error;
      }
      // Authentic, but nothing this site acts on (an event type it does not use).
      if (!event) return reply.status(200).send({ data: { received: true, effect: 'ignored' } });
      const effect = await apply(provider, event, request);
      return reply.status(200).send({ data: { received: true, effect } });
    },
  );

  app.post<{ Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> }>(
    '/iyzico/callback',
    { preHandler: rateLimit(ROUTE_LIMITS.paymentCallbacks) },
    async (request, reply: FastifyReply) => {
      const provider = providers.get(IYZICO_PROVIDER) as IyzicoProvider | undefined;
      if (!provider) throw new ApiFailure('not_found', 'No such payment provider.');
      const body = iyzicoCallbackBodySchema.safeParse(request.body ?? {});
      if (!body.success)
        throw new ApiFailure('malformed_request', 'The callback names no iyzico form.', { reason: 'token' });
      // Our payment, as named in the callbackUrl we gave iyzico; checkoutResult proves the token is its form.
      const query = iyzicoCallbackQuerySchema.safeParse(request.query ?? {});
      if (!query.success)
        throw new ApiFailure('malformed_request', 'The callback names no payment.', { reason: 'payment' });
      let result;
      try {
        result = await provider.checkoutResult(body.data.token, query.data.payment);
      } catch (error) {
        if (error instanceof WebhookRejected) throw rejected(request, IYZICO_PROVIDER, error);
        request.log.error({ err: (error as Error).message }, 'iyzico callback: the result could not be read');
        throw new ApiFailure('unavailable', 'The payment provider could not be reached; try again shortly.');
      }
      const effect = await apply(provider, result.event, request);
      const [payment] = await db
        .select({
          returnPath: schema.payments.returnPath,
          orderId: schema.payments.orderId,
          lang: schema.payments.lang,
        })
        .from(schema.payments)
        .where(
          and(
            eq(schema.payments.provider, IYZICO_PROVIDER),
            eq(schema.payments.providerRef, result.event.providerRef),
          ),
        );
      if (!payment) throw new ApiFailure('not_found', 'No such payment.');
      const path =
        payment.returnPath && isSitePath(payment.returnPath)
          ? payment.returnPath
          : `/${payment.lang ?? 'en'}/orders/${payment.orderId}`;
      const outcome = result.event.type === 'payment.failed' ? 'declined' : 'success';
      request.log.info({ paymentId: result.event.providerRef, effect }, 'iyzico callback applied');
      return reply.header('Cache-Control', 'no-store').redirect(withPaymentResult(path, outcome), 303);
    },
  );
};
