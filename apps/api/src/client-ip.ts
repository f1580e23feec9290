import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

/** The header the web layer uses to pass the visitor's address on its own calls to the API. */
export const CLIENT_IP_HEADER = 'x-parvoz-client-ip';

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/**
 * The visitor's IP for per-IP limits. The web layer (server.ts sets the header from the real peer and
 * api.server.ts forwards it) calls the API over loopback; only such a call, with no proxy header on it,
 * may name the visitor's address. Anything else counts as its own peer (or X-Forwarded-For under TRUST_PROXY).
 */
export function clientIp(request: FastifyRequest): string {
  const named = request.headers[CLIENT_IP_HEADER];
  if (
    typeof named === 'string' &&
    isIP(named) !== 0 &&
    isLoopback(request.socket.remoteAddress) &&
    request.headers['x-forwarded-for'] === undefined
  ) {
    return named;
  }
  return request.ip;
}
