import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode } from '@parvoz/contracts/errors';
import {
  contractChecksOn,
  endpointRefusalSchema,
  fastifyPath,
  type EndpointDefinition,
} from '@parvoz/contracts/endpoint';
import { endpoints } from '@parvoz/contracts/endpoints';
import { isDatabaseUnavailable } from '@parvoz/db';

/** A refusal the API answers on purpose, with its code, an English message and optional details. */
export class ApiFailure extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, message: string, details?: unknown, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, details?: unknown) {
  const error: { code: ErrorCode; message: string; details?: unknown } = { code, message };
  if (details !== undefined) error.details = details;
  const outside = checkRefusals ? refusalOutsideContract(reply, error) : null;
  if (outside) {
    reply.log.error({ refusal: error }, outside);
    return reply
      .status(500)
      .type('application/json; charset=utf-8')
      .send({ error: { code: 'internal_error', message: outside } });
  }
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send({ error });
}

/**
 * Outside production (docs/architecture.md, "Refusals"), a refusal is checked against the refusals its endpoint's
 * contract lists, as answers are (contract.ts): a route that refuses with a code or reason its contract does
 * not list fails loudly (500, naming it) instead of a page reading a refusal it was never told of.
 */
const checkRefusals = contractChecksOn();
const contractByRoute = new Map<string, EndpointDefinition>(
  Object.values(endpoints as Record<string, EndpointDefinition>).map((e) => [
    `${e.method} ${fastifyPath(e.path)}`,
    e,
  ]),
);

function refusalOutsideContract(reply: FastifyReply, error: object): string | null {
  const { method, url } = reply.request.routeOptions;
  if (typeof method !== 'string' || !url) return null;
  const route = `${method} ${url.replace(/(.)\/$/, '$1')}`;
  const definition = contractByRoute.get(route);
  if (!definition) return null;
  const checked = endpointRefusalSchema(definition).safeParse({ error });
  if (checked.success) return null;
  const issues = checked.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    .join('; ');
  return `${route} refused outside its contract: ${issues}`;
}

/** Maps every failure to the envelope of docs/design.md §7; only real faults become 500, and they are logged. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiFailure) {
    reply.headers(error.headers);
    return sendError(reply, error.code, error.message, error.details);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      in: error.validationContext,
      path: v.instancePath,
      message: v.message,
    }));
    return sendError(reply, 'validation_failed', 'The request is not valid.', details);
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return sendError(reply, 'payload_too_large', 'The request body is too large.');
  if (status === 429) return sendError(reply, 'rate_limited', 'Too many requests. Please try again later.');
  if (status >= 400 && status < 500) {
    return sendError(reply, 'malformed_request', 'The request could not be understood.', {
      reason: error.code,
    });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '2');
    return sendError(reply, 'unavailable', 'The service is briefly unavailable. Please try again.');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 'internal_error', 'Something went wrong on our side.');
}
