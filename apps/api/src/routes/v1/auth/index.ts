import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revokeSession } from '../../../services/sessions.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Ends the caller's session on the server; answering 204 also when there was none keeps logout idempotent. */
  app.post('/logout', async (request, reply) => {
    if (request.caller.kind === 'user') await revokeSession(app.deps.db, request.caller.sessionId);
    return reply.status(204).send();
  });
};
