import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { scrubLinks } from '@parvoz/contracts/log-redaction';

/** A file sent with an email; `contentBase64` is the file's bytes in base64. */
export type OutgoingAttachment = { filename: string; contentType: string; contentBase64: string };

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutgoingAttachment[];
};

/** Delivers one email or throws; the outbox retries. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP (`SMTP_URL`). */
export function smtpTransport(url: string, from: string): MailTransport {
  // Short timeouts: when the server is down the outbox retries later instead of holding a lease.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: (email.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default (no SMTP_URL): emails are not delivered. Under `npm run dev` or PARVOZ_DEV_MAILBOX=1 they
 * are printed to the log (docs/design.md §5) and shown in the dev mailbox; otherwise only recipient and
 * subject are.
 */
export function logTransport(
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  options: { withBody: boolean },
): MailTransport {
  return {
    kind: 'log',
    async send(email) {
      const files = (email.attachments ?? []).map((a) => a.filename);
      const mail = { to: email.to, subject: email.subject, ...(files.length ? { attachments: files } : {}) };
      // The body holds sign-in codes and order links: only a development set-up writes it to the log, and
      // even then links' secrets (order access tokens, unlock tokens) are masked.
      if (options.withBody)
        log.info({ mail }, `email to ${email.to}\n${email.subject}\n\n${scrubLinks(email.text)}`);
      else log.warn({ mail }, 'email not delivered: SMTP_URL is not set');
    },
    close: () => undefined,
  };
}
