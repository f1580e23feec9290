/**
 * The accounts' HTTP routes, registered by app.ts: signing in and out (`authRoutes`, under /v1/auth) and the
 * signed-in user's profile and saved travellers (`userRoutes`, under /v1/user).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../contract.ts';
import { ApiFailure } from '../../errors.ts';
import { clientIp, clientNetworkKey } from '../../client-ip.ts';
import { networkKey, limitedEndpoint, ROUTE_LIMITS } from '../../rate-limit.ts';
import { requireUser } from './caller.ts';
import { revokeSession } from './sessions.ts';
import { requestCode, unlockCodeSignIn, verifyCode } from './sign-in.ts';
import { addTraveller, deleteTraveller, listTravellers, updateTraveller } from './travellers.ts';
import { getUserWithDetail, updateUser } from './users.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({
    db: app.deps.db,
    now: app.deps.now(),
    publicUrl: app.deps.publicOrigin(),
    resendAfterMs: app.deps.config.signinResendSeconds * 1000,
  });

  /** Sends a sign-in code. 202 with the same body whether or not an account exists for the email. */
  app.post('/code', { schema: schemaOf(endpoints.requestSignInCode) }, async (request, reply) => {
    await requestCode(context(), {
      ...request.body,
      ip: clientIp(request),
      network: clientNetworkKey(request),
    });
    app.deps.kickOutbox();
    return reply.status(202).send({ data: { sent: true } });
  });

  /**
   * Checks the code; signs in (creating the account on first sign-in). Limited per client network on top of
   * the wrong-code counts of the service (docs/operations.md#sign-in-abuse-limits).
   */
  app.post(
    '/verify',
    limitedEndpoint(endpoints.verifySignInCode, ROUTE_LIMITS.verify, networkKey),
    async (request) => {
      const result = await verifyCode(context(), { ...request.body, network: clientNetworkKey(request) });
      return {
        data: { token: result.token, expires_at: result.expiresAt.toISOString(), user: result.user },
      };
    },
  );

  /** Re-enables code sign-in for an email with the token of the emailed link. */
  app.post(
    '/unlock',
    limitedEndpoint(endpoints.unlockSignIn, ROUTE_LIMITS.unlock, networkKey),
    async (request, reply) => {
      await unlockCodeSignIn(context(), request.body);
      return reply.status(204).send();
    },
  );

  /** Ends the caller's session on the server; answering 204 also when there was none keeps logout idempotent. */
  app.post('/logout', { schema: schemaOf(endpoints.logout) }, async (request, reply) => {
    if (request.caller.kind === 'user') {
      await revokeSession(app.deps.db, request.caller.sessionId, app.deps.now());
    }
    return reply.status(204).send();
  });
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = async (userId: string, withDetail: boolean) => {
    const user = await getUserWithDetail(app.deps.db, userId, withDetail);
    if (!user) throw new ApiFailure('unauthorized', 'Sign-in is required.');
    return { data: user };
  };

  app.get('/get-me', { schema: schemaOf(endpoints.getMe) }, async (request) => {
    const { userId } = requireUser(request.caller);
    return me(userId, request.query.include === 'userDetail');
  });

  /** Updates the signed-in user's profile (name, phone, language, currency); answers the user with detail. */
  app.patch('/me', { schema: schemaOf(endpoints.updateMe) }, async (request) => {
    const { userId } = requireUser(request.caller);
    await updateUser(app.deps.db, userId, request.body, app.deps.now());
    return me(userId, true);
  });

  app.get('/travellers', { schema: schemaOf(endpoints.listTravellers) }, async (request) => {
    const { userId } = requireUser(request.caller);
    return { data: await listTravellers(app.deps.db, userId) };
  });

  app.post('/travellers', { schema: schemaOf(endpoints.createTraveller) }, async (request, reply) => {
    const { userId } = requireUser(request.caller);
    return reply.status(201).send({ data: await addTraveller(app.deps.db, userId, request.body) });
  });

  app.patch('/travellers/:id', { schema: schemaOf(endpoints.updateTraveller) }, async (request) => {
    const { userId } = requireUser(request.caller);
    return { data: await updateTraveller(app.deps.db, userId, request.params.id, request.body) };
  });

  app.delete('/travellers/:id', { schema: schemaOf(endpoints.deleteTraveller) }, async (request, reply) => {
    const { userId } = requireUser(request.caller);
    await deleteTraveller(app.deps.db, userId, request.params.id);
    return reply.status(204).send();
  });
};
