import type { ReactElement } from 'react';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import type { Database } from '@parvoz/db';
import type { OutgoingEmail } from '../../adapters/mail/transport.ts';
import type { OperatorEmailKind } from './operator-mail.ts';
import type { BookingEmailKind } from './booking-mail.ts';
import type { AfterSaleEmailKind } from './after-sale-mail.ts';
import type { PriceAlertEmailKind } from '../price-alerts/index.ts';
import type { StaffEmailKind } from './staff-mail.ts';
import type { AirlineChangeEmailKind } from './airline-change-mail.ts';
import { insertEmail } from './store.ts';
import { ActionButton, BigCode, LeadEmail, h, Paragraph, renderEmailParts } from './email-layout.ts';

/**
 * What the outbox stores for an email: rendered once, in the recipient's language, text and HTML, with any
 * files (e.g. the e-ticket PDF, base64) — the email as sent but for its recipient, which has its own column.
 */
export type EmailPayload = Omit<OutgoingEmail, 'to'> & { lang: Locale };

/** Every kind of email the outbox holds (its `kind` column). */
export type EmailKind =
  | EmailContent['kind']
  | OperatorEmailKind
  | BookingEmailKind
  | AfterSaleEmailKind
  | PriceAlertEmailKind
  | StaffEmailKind
  | AirlineChangeEmailKind;

export type EmailContent =
  { kind: 'auth-code'; code: string } | { kind: 'signin-suspended'; unlockUrl: string };

function SignInCodeEmail(props: { lang: Locale; subject: string; code: string }): ReactElement {
  const intl = getIntl(props.lang);
  const intro = intl.formatMessage({ id: 'mail.code.intro' });
  return h(
    LeadEmail,
    { lang: props.lang, title: props.subject, lead: intro },
    h(BigCode, null, props.code),
    h(Paragraph, null, intl.formatMessage({ id: 'mail.code.validity' }, { minutes: 10 })),
  );
}

function SignInSuspendedEmail(props: { lang: Locale; subject: string; unlockUrl: string }): ReactElement {
  const intl = getIntl(props.lang);
  const body = intl.formatMessage({ id: 'mail.suspended.body' });
  return h(
    LeadEmail,
    { lang: props.lang, title: props.subject, lead: body },
    h(ActionButton, { href: props.unlockUrl }, intl.formatMessage({ id: 'mail.suspended.action' })),
  );
}

/** Renders a sign-in email with the shared ICU messages (packages/i18n), as plain text and HTML. */
export async function renderEmail(lang: Locale, content: EmailContent): Promise<EmailPayload> {
  const intl = getIntl(lang);
  switch (content.kind) {
    case 'auth-code': {
      const subject = intl.formatMessage({ id: 'mail.code.subject' }, { code: content.code });
      const parts = await renderEmailParts(h(SignInCodeEmail, { lang, subject, code: content.code }));
      return { lang, subject, ...parts };
    }
    case 'signin-suspended': {
      const subject = intl.formatMessage({ id: 'mail.suspended.subject' });
      const parts = await renderEmailParts(
        h(SignInSuspendedEmail, { lang, subject, unlockUrl: content.unlockUrl }),
      );
      return { lang, subject, ...parts };
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
    kind: EmailKind;
    payload: EmailPayload;
    now: Date;
    dedupeKey?: string;
    /** The order the email is about: the console's order history lists it with its delivery state. */
    orderId?: string;
  },
): Promise<boolean> {
  return insertEmail(db, {
    kind: options.kind,
    toAddress: options.to,
    payload: options.payload,
    dedupeKey: options.dedupeKey ?? null,
    orderId: options.orderId ?? null,
    at: options.now,
  });
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
