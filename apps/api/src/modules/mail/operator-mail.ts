import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import type { Database } from '@parvoz/db';
import { enqueueEmail, type EmailPayload } from './mail.ts';
import { LeadEmail, Fields, h, renderEmailParts } from './email-layout.ts';

/** Emails to the site's operator (OPERATOR_EMAIL), in the operator's language (OPERATOR_LANG). */
export type OperatorEmailKind = 'tour-request' | 'agency-application';

export type TourRequestEmail = {
  kind: 'tour-request';
  reference: string;
  tourTitle: string;
  tourUrl: string;
  departsOn: string;
  returnsOn: string;
  fullName: string;
  email: string;
  phone: string;
  adults: number;
  children: number;
  message: string | null;
  lang: Locale;
};

export type AgencyApplicationEmail = {
  kind: 'agency-application';
  reference: string;
  companyName: string;
  taxId: string;
  countryCode: string;
  city: string | null;
  contactName: string;
  email: string;
  phone: string;
  website: string | null;
  message: string | null;
  lang: Locale;
};

export type OperatorEmail = TourRequestEmail | AgencyApplicationEmail;

/** Where the operator's emails go, in which language, and the site's origin for the links in them. */
export type OperatorContact = { email: string; lang: Locale; publicUrl: string };

export function operatorContact(
  config: { operatorEmail: string; operatorLang: Locale },
  publicUrl: string,
): OperatorContact {
  return { email: config.operatorEmail, lang: config.operatorLang, publicUrl };
}

/** Queues the operator's email in the transaction that stores what it tells of: once per reference. */
export async function queueOperatorEmail(
  db: Database,
  operator: OperatorContact,
  content: OperatorEmail,
  now: Date,
): Promise<void> {
  await enqueueEmail(db, {
    to: operator.email,
    kind: content.kind,
    now,
    dedupeKey: `${content.kind}:${content.reference}`,
    payload: await renderOperatorEmail(operator.lang, content),
  });
}

type Row = [label: string, value: string];

function formatDate(lang: Locale, isoDate: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * Renders an operator email as plain text and HTML (react-email, ADR 0019): a short introduction and
 * "label: value" lines of what was sent.
 */
export async function renderOperatorEmail(lang: Locale, content: OperatorEmail): Promise<EmailPayload> {
  const intl = getIntl(lang);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const languageName = new Intl.DisplayNames(lang, { type: 'language' }).of(content.lang) ?? content.lang;
  let subject: string;
  let intro: string;
  let rows: Row[];
  if (content.kind === 'tour-request') {
    subject = t('mail.tourRequest.subject', { tour: content.tourTitle, name: content.fullName });
    intro = t('mail.tourRequest.intro');
    rows = [
      [t('mail.operator.tour'), `${content.tourTitle} (${content.tourUrl})`],
      [
        t('mail.operator.dates'),
        `${formatDate(lang, content.departsOn)} – ${formatDate(lang, content.returnsOn)}`,
      ],
      [
        t('mail.operator.travellers'),
        t('mail.operator.party', { adults: content.adults, children: content.children }),
      ],
      [t('mail.operator.name'), content.fullName],
      [t('mail.operator.phone'), content.phone],
      [t('mail.operator.email'), content.email],
    ];
  } else {
    const country = new Intl.DisplayNames(lang, { type: 'region' }).of(content.countryCode);
    subject = t('mail.agency.subject', { company: content.companyName });
    intro = t('mail.agency.intro');
    rows = [
      [t('mail.operator.company'), content.companyName],
      [t('mail.operator.taxId'), content.taxId],
      [t('mail.operator.country'), `${country ?? content.countryCode} (${content.countryCode})`],
      ...(content.city ? [[t('mail.operator.city'), content.city] as Row] : []),
      [t('mail.operator.contact'), content.contactName],
      [t('mail.operator.phone'), content.phone],
      [t('mail.operator.email'), content.email],
      ...(content.website ? [[t('mail.operator.website'), content.website] as Row] : []),
    ];
  }
  if (content.message) rows.push([t('mail.operator.message'), content.message]);
  rows.push([t('mail.operator.language'), languageName], [t('mail.operator.reference'), content.reference]);
  const element = h(
    LeadEmail,
    { lang, title: subject, lead: intro, footer: t('mail.operator.footer') },
    h(Fields, { rows }),
  );
  return { lang, subject, ...(await renderEmailParts(element)) };
}
