import type { onRequestAsyncHookHandler } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id, Accept, Accept-Language';
const EXPOSED_HEADERS = 'Retry-After, X-Request-Id';

/**
 * CORS for the API (docs/operations.md#security-headers): closed unless CORS_ORIGINS names the calling
 * origin. A listed origin gets the headers (no credentials: the API takes bearer tokens, never cookies) and
 * its preflight a 204; any other origin gets no CORS header at all, so browsers refuse to show it the answer.
 */
export function corsHook(origins: readonly string[]): onRequestAsyncHookHandler {
  const allowed = new Set(origins);
  return async function cors(request, reply) {
    if (allowed.size === 0) return;
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      return reply
        .status(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .header('cache-control', 'no-store')
        .send();
    }
  };
}
