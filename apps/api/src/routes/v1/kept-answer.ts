import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../../accept-encoding.ts';

/**
 * An answer's JSON, and its gzip once a client asked for it: an answer given again (a remembered search, a
 * place lookup typed before) costs neither serialising nor compressing again.
 */
export interface KeptAnswer {
  json: string;
  gzip?: Promise<Buffer>;
}

const gzipAsync = promisify(gzip);
/** Smaller answers are not worth compressing (the host's own threshold). */
const GZIP_FROM_BYTES = 1024;

/**
 * Sends a kept answer, gzipped when the client takes gzip. The JSON already went through the route's own
 * (contract) serializer; a compressed answer is marked so the host's compression leaves it as it is.
 */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  reply.type('application/json; charset=utf-8');
  if (kept.json.length < GZIP_FROM_BYTES || !acceptsGzip(request.headers['accept-encoding']))
    return reply.send(kept.json);
  kept.gzip ??= gzipAsync(kept.json);
  const body = await kept.gzip;
  return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(body);
}
