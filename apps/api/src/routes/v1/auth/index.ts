import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { revokeSession } from '../../../services/sessions.ts';
import { requestCode, unlockCodeSignIn, verifyCode } from '../../../services/sign-in.ts';
import { clientIp, clientNetworkKey } from '../../../client-ip.ts';
import { networkKey, limitedEndpoint, ROUTE_LIMITS } from '../../../rate-limit.ts';

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
   * the wrong-code counts of the service (issue 11 §8).
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
