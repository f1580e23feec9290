/**
 * /v1/ops/second-factor (docs/decisions/0023-console-second-factor.md), registered inside the console's plugin: its gate answers the 404
 * of an unknown endpoint to anyone without a staff role, and lets these routes (`secondFactorOpen`) through
 * for a session that has not passed the second factor yet. Passkeys' relying party is the site's public
 * origin (`publicOrigin()`), never a request header.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../contract.ts';
import { rateLimit, ROUTE_LIMITS } from '../rate-limit.ts';
import { enrolTotp, passkeyRegistrationOptions, registerPasskey, startTotpEnrolment } from './enrolment.ts';
import { regenerateRecoveryCodes } from './recovery-codes.ts';
import { removeFactor, secondFactorState, type SecondFactorCaller } from './service.ts';
import { passkeyAuthenticationOptions, verifySecondFactor } from './verification.ts';

export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, publicOrigin } = app.deps;
  const open = { secondFactorOpen: true };
  const limited = { preHandler: rateLimit(ROUTE_LIMITS.secondFactor), config: open };
  // Every attempt counts, right or wrong: a session passes once, so a person never nears the limit.
  const verifyLimited = { preHandler: rateLimit(ROUTE_LIMITS.secondFactorVerify), config: open };
  const caller = (request: FastifyRequest): SecondFactorCaller => ({
    staff: request.staff!,
    sessionId: (request.caller as { sessionId: string }).sessionId,
  });

  app.get('/second-factor', { ...limited, schema: schemaOf(endpoints.opsSecondFactor) }, async (request) => ({
    data: await secondFactorState(db, caller(request), publicOrigin()),
  }));

  app.post(
    '/second-factor/passkeys/options',
    { ...limited, schema: schemaOf(endpoints.opsPasskeyRegistrationOptions) },
    async (request) => ({
      data: { options: await passkeyRegistrationOptions(db, caller(request), publicOrigin(), now()) },
    }),
  );

  app.post(
    '/second-factor/passkeys',
    { ...limited, schema: schemaOf(endpoints.opsRegisterPasskey) },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await registerPasskey(db, caller(request), request.body, publicOrigin(), now()) }),
  );

  app.post(
    '/second-factor/totp/setup',
    { ...limited, schema: schemaOf(endpoints.opsTotpSetup) },
    async (request) => ({ data: await startTotpEnrolment(db, caller(request), now()) }),
  );

  app.post(
    '/second-factor/totp',
    { ...verifyLimited, schema: schemaOf(endpoints.opsEnrolTotp) },
    async (request, reply) =>
      reply.status(201).send({ data: await enrolTotp(db, caller(request), request.body, now()) }),
  );

  app.post(
    '/second-factor/verify/options',
    { ...verifyLimited, schema: schemaOf(endpoints.opsPasskeyAuthenticationOptions) },
    async (request) => ({
      data: { options: await passkeyAuthenticationOptions(db, caller(request), publicOrigin(), now()) },
    }),
  );

  app.post(
    '/second-factor/verify',
    { ...verifyLimited, schema: schemaOf(endpoints.opsVerifySecondFactor) },
    async (request) => {
      const { recoveryCodesLeft } = await verifySecondFactor(
        db,
        caller(request),
        request.body,
        publicOrigin(),
        now(),
      );
      return { data: { verified: true as const, recovery_codes_left: recoveryCodesLeft } };
    },
  );

  app.delete(
    '/second-factor/factors/:id',
    { ...limited, schema: schemaOf(endpoints.opsRemoveSecondFactor) },
    async (request, reply) => {
      await removeFactor(db, caller(request), request.params.id, now());
      return reply.status(204).send();
    },
  );

  app.post(
    '/second-factor/recovery-codes',
    { ...limited, schema: schemaOf(endpoints.opsRegenerateRecoveryCodes) },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: { recovery_codes: await regenerateRecoveryCodes(db, caller(request), now()) } }),
  );
};
