import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotency, type Database } from '@parvoz/db';
import { VISITOR_HEADER, VISITOR_ID_PATTERN } from '@parvoz/contracts/visitor';
import { clientIp } from './client-ip.ts';
import { ApiFailure } from './errors.ts';

/** What an `Idempotency-Key` header may hold. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

type IdempotencyRef = { scope: string; key: string };

/**
 * Whose keys these are (docs/operations.md#idempotency-keys-per-caller): the signed-in user; else the
 * anonymous visitor the web half names (its first-party cookie's id) at the client IP; else, for a direct API
 * caller, the client IP alone. Another caller's equal key is simply another key: it never replays that
 * caller's answer nor tells that the key exists. The visitor id is hashed: the database never holds a cookie
 * value.
 */
export function idempotencyScope(request: FastifyRequest): string {
  const caller = request.caller;
  if (caller?.kind === 'user') return `user:${caller.userId}`;
  const ip = clientIp(request);
  const visitor = request.headers[VISITOR_HEADER];
  if (visitor === undefined) return `anonymous:ip:${ip}`;
  if (typeof visitor !== 'string' || !VISITOR_ID_PATTERN.test(visitor)) {
    throw new ApiFailure('malformed_request', 'The X-Parvoz-Visitor header is not valid.', {
      reason: 'visitor',
    });
  }
  return `visitor:${createHash('sha256').update(visitor).digest('base64url')}:ip:${ip}`;
}

/**
 * Claims the key within its caller's scope: 'new' when this request is the first, the stored answer when it
 * is a retry; a retry while the first runs is refused with 409 and the same key with another request hash
 * with 422 (both only ever told to the caller who used the key).
 */
export async function claimIdempotencyKey(
  db: Database,
  ref: IdempotencyRef,
  requestHash: string,
): Promise<'new' | { status: number; body: unknown }> {
  const started = await idempotency.begin(db, { ...ref, requestHash });
  if (started === 'in_progress') {
    throw new ApiFailure('idempotency_in_progress', 'A request with this Idempotency-Key is in progress.');
  }
  if (started === 'mismatch') {
    throw new ApiFailure('unprocessable', 'This Idempotency-Key was used for another request.', {
      reason: 'idempotency_key_reused',
    });
  }
  return started === 'new' ? 'new' : started.replay;
}

/**
 * Runs a create-type mutation at most once per `Idempotency-Key` (docs/design.md §4): the work and the stored
 * answer commit in one transaction; a retry with the same key and body gets the stored answer, a retry while
 * the first is running gets 409, the same key with another body 422. Without the header the work simply runs.
 * `status` is the answer's on success: 201, or 200 for an action on something that exists (or chosen by
 * the result, e.g. 200 when nothing new was made).
 */
export async function idempotentCreate<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  work: (tx: Database) => Promise<T>,
  status: 200 | 201 | ((result: T) => 200 | 201) = 201,
): Promise<FastifyReply> {
  const statusOf = (result: T) => (typeof status === 'function' ? status(result) : status);
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const body = await db.transaction((tx) => work(tx));
    return reply.status(statusOf(body)).send({ data: body });
  }
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new ApiFailure('malformed_request', 'The Idempotency-Key header is not valid.', {
      reason: 'idempotency_key',
    });
  }
  const ref = {
    scope: `${idempotencyScope(request)}:${request.method} ${request.routeOptions.url}`,
    key: header,
  };
  const requestHash = createHash('sha256')
    .update(JSON.stringify([request.params, request.body]))
    .digest('hex');
  const started = await claimIdempotencyKey(db, ref, requestHash);
  if (started !== 'new') return reply.status(started.status).send(started.body);
  try {
    const { answer, code } = await db.transaction(async (tx) => {
      const answer = { data: await work(tx) };
      const code = statusOf(answer.data);
      await idempotency.complete(tx, { ...ref, responseStatus: code, responseBody: answer });
      return { answer, code };
    });
    return reply.status(code).send(answer);
  } catch (error) {
    await idempotency.abandon(db, ref);
    throw error;
  }
}
