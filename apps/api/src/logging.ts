/**
 * Structured JSON logs (pino, Fastify's logger) with a request id that flows from the web half to the API
 * (docs/operations.md#logs-and-metrics). Logs never carry sign-in codes, tokens, cookies, card data or
 * document numbers: known fields are redacted wherever they appear, secret query parameters are masked in
 * logged URLs, and a path carrying a secret (the sandbox card page's session) is logged by its route pattern.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';
import { CENSOR, REDACTING_FORMATTERS, redactSecrets } from '@parvoz/contracts/log-redaction';

// Masks secret parameters in free text: the mail adapter uses it too, so it lives beside the redaction rules.
export { scrubLinks } from '@parvoz/contracts/log-redaction';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's `X-Request-Id` when it is a plain token of at most 128 characters, else a new UUID. */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id in the answer, so a visitor's report can be matched with the log. */
export async function echoRequestId(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header(REQUEST_ID_HEADER, request.id);
}

/**
 * Query parameters whose values never reach the log (sign-in links, order access links, codes), also with
 * a bracket suffix (`access_token[]=…`, which the API refuses, but only after the request was logged).
 */
const SECRET_PARAMS = /^(token|access_token|access|code|key|secret|signature|sig|password)(\[[^\]]*\])*$/i;
/** `url` with the values of secret query parameters masked. */
export function scrubUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // keep it as it came
      }
      return SECRET_PARAMS.test(name) ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/**
 * Fastify's per-request logger (its `childLoggerFactory`): the bindings redacted like a logged object. pino
 * writes a child's bindings when it is made, without its formatters, so they are redacted here.
 */
export const redactingChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => logger.child(redactSecrets(bindings), options);

/**
 * Route parameters whose values are secrets: the sandbox card page's session (`/v1/sandbox-pay/:session`: whoever
 * has it can pay or decline the order) and any later route naming a token, key, code or secret in its path. The
 * names are those of the query's secret parameters (`SECRET_PARAMS`) plus `session`.
 */
const SECRET_ROUTE_PARAM =
  /:(?:session|token|access_token|access|code|key|secret|signature|sig|password)(?![\w-])/i;

/**
 * The URL a request is logged under: a route with a secret in its path by its pattern
 * (`/v1/sandbox-pay/:session`), the query kept; then secret query parameters masked (`scrubUrl`). Logs are
 * redacted when a line is written, never afterwards (docs/decisions/0021-log-redaction-when-written.md).
 */
export function loggedUrl(url: string, route: string | undefined): string {
  if (route !== undefined && SECRET_ROUTE_PARAM.test(route)) {
    const at = url.indexOf('?');
    return scrubUrl(at === -1 ? route : route + url.slice(at));
  }
  return scrubUrl(url);
}

/** pino options of the host's logger. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: REDACTING_FORMATTERS,
    serializers: {
      // Redaction reads what is logged before serializers write it: an error's own fields are redacted here
      // (copied first: the serializer's object has a prototype of its own, which redaction does not look into).
      err: (error: Error) => redactSecrets({ ...stdSerializers.err(error) }),
      req(request: FastifyRequest) {
        // Someone may log a `req` of their own: keep it (redaction already applied).
        if (typeof request?.url !== 'string' || typeof request.method !== 'string') return request;
        return {
          method: request.method,
          // Fastify has matched the route before it logs the request: `routeOptions.url` is its pattern.
          url: loggedUrl(request.url, request.routeOptions?.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
