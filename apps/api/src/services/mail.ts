import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { schema, type Database } from '@parvoz/db';
import type { OutgoingEmail } from '../adapters/mail/transport.ts';
import type { OperatorEmailKind } from './operator-mail.ts';
import type { BookingEmailKind } from './booking-mail.ts';
import type { AfterSaleEmailKind } from './after-sale-mail.ts';
import type { PriceAlertEmailKind } from './price-alert-mail.ts';
import type { StaffEmailKind } from './staff-mail.ts';

/** A file sent with an email (e.g. the e-ticket PDF), base64 in the outbox row. */
export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

/** What the outbox stores for an email: rendered once, in the recipient's language, text and HTML. */
export type EmailPayload = {
  lang: Locale;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
};

export type EmailContent =
  { kind: 'auth-code'; code: string } | { kind: 'signin-suspended'; unlockUrl: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(lang: Locale, title: string, bodyHtml: string, footer?: string): string {
  const intl = getIntl(lang);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">Parvoz</p>
${bodyHtml}
<p style="font-size:12px;color:#6b7280;margin-top:24px">${escapeHtml(footer ?? intl.formatMessage({ id: 'mail.footer' }))}</p>
</div></body></html>`;
}

/** Renders an email with the shared ICU messages (packages/i18n), as plain text and HTML. */
export function renderEmail(lang: Locale, content: EmailContent): EmailPayload {
  const intl = getIntl(lang);
  const footer = intl.formatMessage({ id: 'mail.footer' });
  switch (content.kind) {
    case 'auth-code': {
      const subject = intl.formatMessage({ id: 'mail.code.subject' }, { code: content.code });
      const intro = intl.formatMessage({ id: 'mail.code.intro' });
      const validity = intl.formatMessage({ id: 'mail.code.validity' }, { minutes: 10 });
      return {
        lang,
        subject,
        text: `${intro}\n\n${content.code}\n\n${validity}\n\n${footer}\n`,
        html: layout(
          lang,
          subject,
          `<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${content.code}</p>
<p>${escapeHtml(validity)}</p>`,
        ),
      };
    }
    case 'signin-suspended': {
      const subject = intl.formatMessage({ id: 'mail.suspended.subject' });
      const body = intl.formatMessage({ id: 'mail.suspended.body' });
      const action = intl.formatMessage({ id: 'mail.suspended.action' });
      return {
        lang,
        subject,
        text: `${body}\n\n${action}: ${content.unlockUrl}\n\n${footer}\n`,
        html: layout(
          lang,
          subject,
          `<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(content.unlockUrl)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>`,
        ),
      };
    }
  }
}

/**
 * Queues an email in the outbox (call inside the transaction of the change that causes it). False when an
 * email with the same dedupe key is already there (nothing queued).
 */
export async function enqueueEmail(
  db: Database,
  options: {
    to: string;
    kind:
      | EmailContent['kind']
      | OperatorEmailKind
      | BookingEmailKind
      | AfterSaleEmailKind
      | PriceAlertEmailKind
      | StaffEmailKind;
    payload: EmailPayload;
    now: Date;
    dedupeKey?: string;
    /** The order the email is about: the console's order history lists it with its delivery state. */
    orderId?: string;
  },
): Promise<boolean> {
  const queued = await db
    .insert(schema.outbox)
    .values({
      kind: options.kind,
      toAddress: options.to,
      payload: options.payload,
      dedupeKey: options.dedupeKey ?? null,
      orderId: options.orderId ?? null,
      nextAttemptAt: options.now,
      createdAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.outbox.id });
  return queued.length > 0;
}

export function toOutgoing(to: string, payload: EmailPayload): OutgoingEmail {
  return {
    to,
    subject: payload.subject,
    text: payload.text,
    html: payload.html,
    ...(payload.attachments?.length ? { attachments: payload.attachments } : {}),
  };
}
