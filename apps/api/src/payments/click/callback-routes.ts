import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../errors.ts';
import type { ProviderRoutes } from '../callbacks.ts';
import { CLICK_ERROR_NOTES, ClickError } from './protocol.ts';
import { fiscaliseClickPayment } from './fiscal-data.ts';
import { clickComplete, clickPrepare, type ClickDeps, type ClickOutcome } from './shop.ts';

/**
 * POST /v1/payments/click/prepare and /complete: Click's SHOP API calls (form fields signed with the MD5
 * `sign_string`; ./shop.ts). Every answer is HTTP 200 JSON with Click's `error` code; a wrong
 * signature is -1 and changes nothing. 404 while Click is not configured.
 */
export const clickRoutes: ProviderRoutes = (context) => async (app) => {
  const { db, now, config, payments, transactions, limits } = context;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  // Anything else is not Click's form: answered -8 ("error in request from click") by the handler.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, _body, done) => {
    done(null, undefined);
  });

  const handle =
    (step: (deps: ClickDeps, fields: unknown) => Promise<ClickOutcome>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const settings = config.click;
      if (!settings) throw new ApiFailure('not_found', 'Click is not configured.');
      let outcome: ClickOutcome;
      try {
        outcome = await step(
          {
            db,
            now,
            settings,
            siteUrl: context.publicOrigin,
            log: request.log,
            mode: config.mode,
            payments,
            transactions,
          },
          request.body,
        );
      } catch (error) {
        request.log.error({ err: error, provider: 'click' }, 'Click call failed');
        outcome = {
          answer: {
            error: ClickError.failedToUpdate,
            error_note: CLICK_ERROR_NOTES[ClickError.failedToUpdate],
          },
          refundIds: [],
        };
      }
      if (outcome.answer.error !== ClickError.success)
        request.log.info({ provider: 'click', error: outcome.answer.error }, 'Click call refused');
      await payments.afterEvent(outcome, request.log);
      // A payment taken now: its fiscal data goes to Click after this answer (./fiscal-data.ts).
      if (step === clickComplete && outcome.answer.error === ClickError.success)
        void fiscaliseClickPayment(
          { db, settings, now, log: request.log, transactions },
          Number(outcome.answer.merchant_confirm_id),
        ).catch((error: unknown) =>
          request.log.error({ err: error, provider: 'click' }, 'Click fiscal data failed'),
        );
      return reply.status(200).type('application/json; charset=utf-8').send(outcome.answer);
    };

  app.post('/prepare', { preHandler: limits.providerCallbacks }, handle(clickPrepare));
  app.post('/complete', { preHandler: limits.providerCallbacks }, handle(clickComplete));
};
