import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotency, type Database } from '@parvoz/db';
import { ApiFailure } from './errors.ts';
import { callerKey } from './rate-limit.ts';

/** What an `Idempotency-Key` header may hold. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

type IdempotencyRef = { scope: string; key: string };

/**
 * Claims the key: 'new' when this request is the first, the stored answer when it is a retry; a retry while
 * the first runs is refused with 409 and the same key with another request hash with 422.
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
 * Runs a create-type mutation at most once per `Idempotency-Key` (DESIGN §4): the work and the stored answer
 * commit in one transaction; a retry with the same key and body gets the stored answer, a retry while the
 * first is running gets 409, the same key with another body 422. Without the header the work simply runs.
 */
export async function idempotentCreate<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const body = await db.transaction((tx) => work(tx));
    return reply.status(201).send({ data: body });
  }
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new ApiFailure('malformed_request', 'The Idempotency-Key header is not valid.', {
      reason: 'idempotency_key',
    });
  }
  const ref = { scope: `${callerKey(request)}:${request.method} ${request.routeOptions.url}`, key: header };
  const requestHash = createHash('sha256')
    .update(JSON.stringify([request.params, request.body]))
    .digest('hex');
  const started = await claimIdempotencyKey(db, ref, requestHash);
  if (started !== 'new') return reply.status(started.status).send(started.body);
  try {
    const answer = await db.transaction(async (tx) => {
      const answer = { data: await work(tx) };
      await idempotency.complete(tx, { ...ref, responseStatus: 201, responseBody: answer });
      return answer;
    });
    return reply.status(201).send(answer);
  } catch (error) {
    await idempotency.abandon(db, ref);
    throw error;
  }
}
