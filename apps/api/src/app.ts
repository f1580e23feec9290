import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '@parvoz/db';
import { errorHandler, sendError } from './errors.ts';
import { queryRefusal } from './query-string.ts';
import { resolveCaller, type Caller } from './auth.ts';
import type { ApiConfig } from './config.ts';
import { findSession } from './services/sessions.ts';
import { userRoutes } from './routes/v1/user/index.ts';
import { authRoutes } from './routes/v1/auth/index.ts';
import { placesRoutes } from './routes/v1/places/index.ts';

import { parseApiQuery } from './query-string.ts';

/** Options the Fastify host must use for the API: our query-string parser (spec §9 limits) and a body limit. */
export const API_HOST_OPTIONS = {
  routerOptions: { querystringParser: parseApiQuery },
  bodyLimit: 256 * 1024,
} as const;
export { apiConfigFromEnv, type ApiConfig } from './config.ts';

export type ApiDeps = { db: Database; config: ApiConfig };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller & { presentedToken: boolean };
  }
  interface FastifyInstance {
    deps: ApiDeps;
  }
}

/**
 * The API as a Fastify plugin (never listens itself): register it under /v1.
 * The host must use `parseApiQuery` as its query-string parser.
 */
export const apiPlugin: FastifyPluginAsync<ApiDeps> = async (app, deps) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`),
  );
  app.decorate('deps', deps);
  app.decorateRequest('caller');

  app.addHook('onRequest', async (request, reply) => {
    const refusal = queryRefusal(request.query);
    if (refusal)
      return sendError(reply, 'malformed_request', 'The query string is not valid.', { reason: refusal });
    request.caller = await resolveCaller(request, deps.config.anonymousToken, (token) =>
      findSession(deps.db, token),
    );
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  await app.register(userRoutes, { prefix: '/user' });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(placesRoutes, { prefix: '/places' });
};

export type ApiApp = FastifyInstance;
