import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { clientNetwork } from './ip-network.ts';

/** The header the web half uses to name the visitor's address on its own calls to the API. */
export const CLIENT_IP_HEADER = 'x-parvoz-client-ip';
/** The header carrying the credential that makes the API believe `CLIENT_IP_HEADER` (config `internalToken`). */
export const INTERNAL_TOKEN_HEADER = 'x-parvoz-internal-token';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The visitor's IP for per-IP limits (docs/operations.md, "Client IP trust model"). The web half calls the
 * API on the visitor's behalf and names the visitor in `X-Parvoz-Client-Ip`; the API believes it only with the
 * internal credential beside it: generated at start and known to both halves of one process, or
 * PARVOZ_INTERNAL_TOKEN shared by separate web and API processes. Without it the header is ignored and the
 * caller is its own peer, or the address Fastify reads from X-Forwarded-For under TRUST_PROXY.
 */
export function clientIp(request: FastifyRequest): string {
  // The API's settings (apps/api/src/app.ts decorates every route's instance with them).
  const internalToken = request.server.deps.config.internalToken;
  const named = request.headers[CLIENT_IP_HEADER];
  const credential = request.headers[INTERNAL_TOKEN_HEADER];
  if (
    typeof named === 'string' &&
    isIP(named) !== 0 &&
    typeof credential === 'string' &&
    sameSecret(credential, internalToken)
  ) {
    return named;
  }
  return request.ip;
}

/**
 * The client as every per-IP count sees it (rate limits, sign-in counters, hold caps): `clientIp`'s address
 * turned into its network key, IPv4 per address and IPv6 per IPV6_CLIENT_PREFIX bits (ip-network.ts,
 * docs/operations.md "Client IP trust model"). The bare address is still what is recorded.
 */
export function clientNetworkKey(request: FastifyRequest): string {
  return clientNetwork(clientIp(request), request.server.deps.config.ipv6ClientPrefix);
}
