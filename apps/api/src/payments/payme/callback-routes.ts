import type { FastifyReply } from 'fastify';
import { ApiFailure } from '../../errors.ts';
import type { ProviderRoutes } from '../callbacks.ts';
import {
  PAYME_METHODS,
  PaymeError,
  PaymeFailure,
  paymeAuthorized,
  paymeErrorAnswer,
  paymeRequestSchema,
  paymeResult,
  type PaymeMethod,
} from './protocol.ts';
import { paymeKeyInForce } from './key.ts';
import { paymeMethod, type PaymeOutcome } from './merchant.ts';

/**
 * POST /v1/payments/payme: Payme's Merchant API endpoint (JSON-RPC 2.0, Basic authentication with the
 * cashbox key; ./merchant.ts). Every answer is HTTP 200 with `result` or Payme's `error`, as
 * Payme expects; a wrong or missing key is -32504 and changes nothing. 404 while Payme is not configured.
 */
export const paymeRoutes: ProviderRoutes = (context) => async (app) => {
  const { db, now, config, payments, transactions, limits } = context;

  // The body is read as bytes whatever its type: a body that is not JSON is Payme's -32700, not a 4xx.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, body);
  });

  const answer = (reply: FastifyReply, body: unknown) =>
    reply.status(200).type('application/json; charset=utf-8').send(body);

  app.get('/', { preHandler: limits.providerCallbacks }, async (_request, reply) => {
    if (!config.payme) throw new ApiFailure('not_found', 'Payme is not configured.');
    return answer(reply, paymeErrorAnswer(null, new PaymeFailure(PaymeError.notPost, 'payme.error.notPost')));
  });

  app.post<{ Body: Buffer | undefined }>(
    '/',
    { preHandler: limits.providerCallbacks },
    async (request, reply) => {
      const settings = config.payme;
      if (!settings) throw new ApiFailure('not_found', 'Payme is not configured.');
      let body: unknown;
      try {
        body = JSON.parse((Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)).toString('utf8'));
      } catch {
        body = undefined;
      }
      const envelope = paymeRequestSchema.safeParse(body);
      const id = envelope.success ? envelope.data.id : undefined;
      // The key in force: PAYME_KEY, or the one Payme's ChangePassword set since (payments/payme/key.ts).
      const key = await paymeKeyInForce(db, settings.key);
      if (!paymeAuthorized(request.headers.authorization, settings.login, key)) {
        request.log.warn({ provider: 'payme' }, 'Payme call with a wrong or missing key: refused');
        return answer(
          reply,
          paymeErrorAnswer(id, new PaymeFailure(PaymeError.insufficientPrivilege, 'payme.error.auth')),
        );
      }
      if (body === undefined)
        return answer(reply, paymeErrorAnswer(null, new PaymeFailure(PaymeError.parse, 'payme.error.parse')));
      if (!envelope.success)
        return answer(
          reply,
          paymeErrorAnswer(null, new PaymeFailure(PaymeError.invalidRequest, 'payme.error.invalidRequest')),
        );
      const method = envelope.data.method;
      if (!(PAYME_METHODS as readonly string[]).includes(method))
        return answer(
          reply,
          paymeErrorAnswer(
            id,
            new PaymeFailure(PaymeError.methodNotFound, 'payme.error.methodNotFound', method),
          ),
        );
      let outcome: PaymeOutcome;
      try {
        outcome = await paymeMethod(
          {
            db,
            settings,
            now,
            siteUrl: context.publicOrigin,
            log: request.log,
            mode: config.mode,
            payments,
            transactions,
          },
          method as PaymeMethod,
          envelope.data.params,
        );
      } catch (error) {
        if (error instanceof PaymeFailure) {
          request.log.info({ provider: 'payme', method, code: error.code }, 'Payme call refused');
          return answer(reply, paymeErrorAnswer(id, error));
        }
        request.log.error({ err: error, provider: 'payme', method }, 'Payme call failed');
        return answer(reply, paymeErrorAnswer(id, new PaymeFailure(PaymeError.system, 'payme.error.system')));
      }
      await payments.afterEvent(outcome, request.log);
      return answer(reply, paymeResult(id, outcome.result));
    },
  );
};
