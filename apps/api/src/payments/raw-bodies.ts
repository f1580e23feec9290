import type { FastifyInstance } from 'fastify';

/**
 * Bodies as a provider sent them: JSON kept as its bytes (a signature covers the raw body, so it is parsed only
 * after checking), and a browser's form posted back from a provider's page read into its fields. For the
 * plugins of providers' callbacks and webhooks only; the rest of the API parses JSON as usual.
 */
export function keepRawBodies(app: FastifyInstance): void {
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
}
