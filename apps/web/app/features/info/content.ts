import type { MessageKey } from '../../lib/i18n.tsx';

/**
 * The information pages: their text lives in the message files under `content.` (one title and one body per
 * section), is formatted on the server by the page's loader and never ships in the shell's messages.
 * A body is plain text: paragraphs separated by a blank line, lines starting with "- " form a list.
 */
export type InfoSection = {
  id: string;
  title: MessageKey;
  body?: MessageKey;
  /** Questions and answers (the help page). */
  faq?: ReadonlyArray<{ q: MessageKey; a: MessageKey }>;
};
export type InfoPageContent = {
  heading: MessageKey;
  description: MessageKey;
  lead: MessageKey;
  /** A table of contents above the sections (long pages). */
  toc: boolean;
  sections: readonly InfoSection[];
};

/** The date the texts were last revised (shown on the page). */
export const CONTENT_UPDATED_ON = '2026-05-01';

/** The contact details the texts mention ({email}, {phone}): one place to change them. */
export const SUPPORT_CONTACTS = {
  email: 'support@parvoz.uz',
  phone: '+998 71 200 00 00',
  hours: '08:00–22:00',
} as const;

export const INFO_PAGES = {
  agreement: {
    heading: 'page.agreement.heading',
    description: 'page.agreement.description',
    lead: 'content.agreement.lead',
    toc: true,
    sections: [
      { id: 'terms', title: 'content.agreement.terms.title', body: 'content.agreement.terms.body' },
      { id: 'booking', title: 'content.agreement.booking.title', body: 'content.agreement.booking.body' },
      { id: 'payment', title: 'content.agreement.payment.title', body: 'content.agreement.payment.body' },
      { id: 'tickets', title: 'content.agreement.tickets.title', body: 'content.agreement.tickets.body' },
      { id: 'changes', title: 'content.agreement.changes.title', body: 'content.agreement.changes.body' },
      { id: 'refunds', title: 'content.agreement.refunds.title', body: 'content.agreement.refunds.body' },
      {
        id: 'liability',
        title: 'content.agreement.liability.title',
        body: 'content.agreement.liability.body',
      },
      {
        id: 'disputes',
        title: 'content.agreement.disputes.title',
        body: 'content.agreement.disputes.body',
      },
    ],
  },
  confidential: {
    heading: 'page.confidential.heading',
    description: 'page.confidential.description',
    lead: 'content.privacy.lead',
    toc: true,
    sections: [
      {
        id: 'controller',
        title: 'content.privacy.controller.title',
        body: 'content.privacy.controller.body',
      },
      { id: 'data', title: 'content.privacy.data.title', body: 'content.privacy.data.body' },
      { id: 'purposes', title: 'content.privacy.purposes.title', body: 'content.privacy.purposes.body' },
      {
        id: 'recipients',
        title: 'content.privacy.recipients.title',
        body: 'content.privacy.recipients.body',
      },
      { id: 'retention', title: 'content.privacy.retention.title', body: 'content.privacy.retention.body' },
      { id: 'cookies', title: 'content.privacy.cookies.title', body: 'content.privacy.cookies.body' },
      { id: 'rights', title: 'content.privacy.rights.title', body: 'content.privacy.rights.body' },
      { id: 'security', title: 'content.privacy.security.title', body: 'content.privacy.security.body' },
    ],
  },
  paymentSecurity: {
    heading: 'page.paymentSecurity.heading',
    description: 'page.paymentSecurity.description',
    lead: 'content.payment.lead',
    toc: false,
    sections: [
      { id: 'hosted', title: 'content.payment.hosted.title', body: 'content.payment.hosted.body' },
      { id: 'three-d-secure', title: 'content.payment.threeDs.title', body: 'content.payment.threeDs.body' },
      { id: 'storage', title: 'content.payment.storage.title', body: 'content.payment.storage.body' },
      { id: 'safety', title: 'content.payment.safety.title', body: 'content.payment.safety.body' },
      { id: 'failed', title: 'content.payment.failed.title', body: 'content.payment.failed.body' },
    ],
  },
  contacts: {
    heading: 'page.contacts.heading',
    description: 'page.contacts.description',
    lead: 'content.contacts.lead',
    toc: false,
    sections: [
      { id: 'support', title: 'content.contacts.support.title', body: 'content.contacts.support.body' },
      { id: 'urgent', title: 'content.contacts.urgent.title', body: 'content.contacts.urgent.body' },
      { id: 'office', title: 'content.contacts.office.title', body: 'content.contacts.office.body' },
      { id: 'partners', title: 'content.contacts.partners.title', body: 'content.contacts.partners.body' },
    ],
  },
  offer: {
    heading: 'page.offer.heading',
    description: 'page.offer.description',
    lead: 'content.offer.lead',
    toc: true,
    sections: [
      { id: 'subject', title: 'content.offer.subject.title', body: 'content.offer.subject.body' },
      { id: 'price', title: 'content.offer.price.title', body: 'content.offer.price.body' },
      { id: 'agency', title: 'content.offer.agency.title', body: 'content.offer.agency.body' },
      { id: 'customer', title: 'content.offer.customer.title', body: 'content.offer.customer.body' },
      { id: 'fee', title: 'content.offer.fee.title', body: 'content.offer.fee.body' },
      { id: 'term', title: 'content.offer.term.title', body: 'content.offer.term.body' },
    ],
  },
  help: {
    heading: 'page.help.heading',
    description: 'page.help.description',
    lead: 'content.help.lead',
    toc: true,
    sections: [
      {
        id: 'search',
        title: 'content.help.search.title',
        faq: [
          { q: 'content.help.search.q1', a: 'content.help.search.a1' },
          { q: 'content.help.search.q2', a: 'content.help.search.a2' },
        ],
      },
      {
        id: 'booking',
        title: 'content.help.booking.title',
        faq: [
          { q: 'content.help.booking.q1', a: 'content.help.booking.a1' },
          { q: 'content.help.booking.q2', a: 'content.help.booking.a2' },
          { q: 'content.help.booking.q3', a: 'content.help.booking.a3' },
        ],
      },
      {
        id: 'payment',
        title: 'content.help.payment.title',
        faq: [
          { q: 'content.help.payment.q1', a: 'content.help.payment.a1' },
          { q: 'content.help.payment.q2', a: 'content.help.payment.a2' },
          { q: 'content.help.payment.q3', a: 'content.help.payment.a3' },
        ],
      },
      {
        id: 'tickets',
        title: 'content.help.tickets.title',
        faq: [
          { q: 'content.help.tickets.q1', a: 'content.help.tickets.a1' },
          { q: 'content.help.tickets.q2', a: 'content.help.tickets.a2' },
        ],
      },
      {
        id: 'refunds',
        title: 'content.help.refunds.title',
        faq: [
          { q: 'content.help.refunds.q1', a: 'content.help.refunds.a1' },
          { q: 'content.help.refunds.q2', a: 'content.help.refunds.a2' },
          { q: 'content.help.refunds.q3', a: 'content.help.refunds.a3' },
        ],
      },
    ],
  },
} as const satisfies Record<string, InfoPageContent>;

export type InfoPageName = keyof typeof INFO_PAGES;

/** The information pages by their path under /{lang}/info/ (routes.ts lists the same paths). */
export const INFO_PAGE_PATHS = {
  agreement: 'agreement',
  confidential: 'confidential',
  contacts: 'contacts',
  help: 'help',
  offer: 'offer',
  'payment-security': 'paymentSecurity',
} as const satisfies Record<string, InfoPageName>;

/** The information page a URL path shows (`/ru/info/payment-security` → paymentSecurity), if any. */
export function infoPageAt(pathname: string): InfoPageName | null {
  const segment = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return Object.hasOwn(INFO_PAGE_PATHS, segment)
    ? INFO_PAGE_PATHS[segment as keyof typeof INFO_PAGE_PATHS]
    : null;
}
