import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@parvoz/db';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { ApiFailure } from '../../../errors.ts';

/**
 * GET /v1/dev/mailbox: the newest emails of the outbox, for local development without a mail server.
 * Answers only when `devMailbox` is on (no SMTP_URL, not production unless PARVOZ_DEV_MAILBOX=1); a 404 otherwise.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/mailbox', { schema: schemaOf(endpoints.devMailbox) }, async (request) => {
    if (!app.deps.config.devMailbox)
      throw new ApiFailure('not_found', 'No such endpoint: GET /v1/dev/mailbox');
    const rows = await app.deps.db
      .select()
      .from(schema.outbox)
      .where(request.query.to ? eq(schema.outbox.toAddress, request.query.to) : undefined)
      .orderBy(desc(schema.outbox.id))
      .limit(50);
    return {
      data: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        kind: row.kind,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        subject: String(row.payload.subject ?? ''),
        text: String(row.payload.text ?? ''),
      })),
    };
  });
};
