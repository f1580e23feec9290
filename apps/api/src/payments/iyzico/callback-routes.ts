import type { FastifyReply } from 'fastify';
import { iyzicoCallbackBodySchema, iyzicoCallbackQuerySchema } from '@parvoz/contracts/booking';
import { ApiFailure } from '../../errors.ts';
import type { ProviderRoutes } from '../callbacks.ts';
import { WebhookRejected, withPaymentResult } from '../provider.ts';
import { isSitePath } from '../sandbox.ts';
import { IYZICO_PROVIDER, type IyzicoProvider } from './provider.ts';
import { keepRawBodies } from '../raw-bodies.ts';

/**
 * POST /v1/payments/iyzico/callback?payment=<our payment id>: the traveller's browser back from iyzico's form
 * with its token (docs/payment-providers.md): the result is asked of iyzico and applied like a webhook, then the
 * browser goes on to the order page. iyzico's signed notifications come to the shared
 * `/v1/payments/webhooks/iyzico` (routes/v1/payments/index.ts).
 */
export const iyzicoRoutes: ProviderRoutes = (context) => async (app) => {
  const { providers, payments, limits } = context;

  keepRawBodies(app);

  app.post<{ Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> }>(
    '/callback',
    { preHandler: limits.browserCallbacks },
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
        if (error instanceof WebhookRejected) {
          request.log.warn({ provider: IYZICO_PROVIDER, reason: error.message }, 'payment webhook rejected');
          throw new ApiFailure('malformed_request', 'The webhook signature is not valid.', {
            reason: error.message,
          });
        }
        request.log.error({ err: (error as Error).message }, 'iyzico callback: the result could not be read');
        throw new ApiFailure('unavailable', 'The payment provider could not be reached; try again shortly.');
      }
      const outcome = await payments.applyEvent(provider, result.event, request.log);
      await payments.afterEvent(outcome, request.log);
      const payment = await payments.paymentOfSession(IYZICO_PROVIDER, result.event.providerRef);
      if (!payment) throw new ApiFailure('not_found', 'No such payment.');
      const path =
        payment.returnPath && isSitePath(payment.returnPath)
          ? payment.returnPath
          : `/${payment.lang ?? 'en'}/orders/${payment.orderId}`;
      const paymentResult = result.event.type === 'payment.failed' ? 'declined' : 'success';
      request.log.info(
        { paymentId: result.event.providerRef, effect: outcome.effect },
        'iyzico callback applied',
      );
      return reply.header('Cache-Control', 'no-store').redirect(withPaymentResult(path, paymentResult), 303);
    },
  );
};
