import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../../errors.ts';
import { endpoints } from '@parvoz/contracts/endpoints';
import { CURRENCIES } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { WebhookRejected, type PaymentEvent, type PaymentProvider } from '../../../payments/provider.ts';
import { providerDisplays } from '../../../payments/display.ts';
import { offeredProviders } from '../../../payments/selection.ts';
import { limitedEndpoint, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { applyPaymentEvent, type EventEffect } from '../../../modules/payments/index.ts';
import { afterPaymentEvent } from './after-event.ts';
import { keepRawBodies } from '../../../payments/raw-bodies.ts';
import { providerFees } from '../../../payments/provider-fees.ts';

/**
 * Payment providers calling back (docs/design.md §4, docs/payment-providers.md):
 *   POST /v1/payments/webhooks/{provider}  the provider's signed notice of a payment's or refund's outcome,
 *                                          the only thing that changes an order's payment state
 * A provider's own endpoints (a merchant protocol, a browser's way back) are in its folder, registered by
 * ./provider-routes.ts under /v1/payments/<name>.
 * A signature covers the RAW body, so this plugin reads JSON as bytes and parses it only after checking. A
 * forged or stale notice is a 400 and changes nothing; a replay is a 200 that changes nothing.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, now } = app.deps;
  const providers = app.deps.payments;
  const fees = providerFees(app.deps.config);

  keepRawBodies(app);

  /** One verified event through the shared state change; refunds it causes are asked for once committed. */
  async function apply(
    provider: PaymentProvider,
    event: PaymentEvent,
    request: FastifyRequest,
  ): Promise<EventEffect> {
    const outcome = await applyPaymentEvent(
      { db, now, provider, fees },
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

  /**
   * GET /v1/payments/provider_displays?lang=: how each provider the site knows is shown (its name, what it is for,
   * its badge) in `lang`, for the web's order and payment-security pages. Public and the same for everyone: what the providers look like.
   */
  app.get<{ Querystring: { lang: Locale } }>(
    '/provider_displays',
    limitedEndpoint(endpoints.listPaymentProviderDisplays, ROUTE_LIMITS.paymentProviders),
    async (request) => ({
      data: { providers: providerDisplays(request.query.lang) },
    }),
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
};
