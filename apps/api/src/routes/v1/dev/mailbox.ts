import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { ApiFailure } from '../../../errors.ts';
import { EMAIL_SAMPLES } from './email-samples.ts';
import { latestEmails } from '../../../modules/mail/index.ts';

/**
 * GET /v1/dev/mailbox: the newest emails of the outbox, for local development without a mail server.
 * Answers only when `devMailbox` is on (no SMTP_URL, not production unless PARVOZ_DEV_MAILBOX=1); a 404 otherwise.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Everything here exists only while the mailbox is on: the same 404 as an unknown address otherwise. */
  const mailboxOn = (what: string) => {
    if (!app.deps.config.devMailbox)
      throw new ApiFailure('not_found', `No such endpoint: GET /v1/dev/${what}`);
  };
  app.get('/mailbox', { schema: schemaOf(endpoints.devMailbox) }, async (request) => {
    mailboxOn('mailbox');
    const rows = await latestEmails(app.deps.db, { to: request.query.to, limit: 50 });
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

  // The previews of every email (ADR 0019), rendered on demand from email-samples.ts, as `npm run
  // email:preview` writes them to var/email-preview/.
  app.get('/email-previews', { schema: schemaOf(endpoints.devEmailPreviews) }, async () => {
    mailboxOn('email-previews');
    return { data: EMAIL_SAMPLES.map((sample) => ({ name: sample.name })) };
  });
  app.get('/email-previews/:name', { schema: schemaOf(endpoints.devEmailPreview) }, async (request) => {
    mailboxOn('email-previews');
    const sample = EMAIL_SAMPLES.find((s) => s.name === request.params.name);
    if (!sample) throw new ApiFailure('not_found', 'No such email sample');
    const { lang } = request.query;
    const payload = await sample.render(lang);
    return {
      data: { name: sample.name, lang, subject: payload.subject, html: payload.html, text: payload.text },
    };
  });
};
