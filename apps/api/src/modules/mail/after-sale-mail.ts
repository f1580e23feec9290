/**
 * After-sale emails (docs/after-sale.md), in the order's language with the shared ICU messages, as text and
 * HTML through the same layout as every other email (react-email, ADR 0019):
 *  - `order-cancelled`: the booking is cancelled, what comes back (or that nothing was paid);
 *  - `refund-completed`: the provider confirmed a refund;
 *  - `late-payment-refund`: a payment came after the order had ended: it is refunded in full;
 *  - `supplier-refused-refund`: the airline would not book a paid order (an offer booked at pay time,
 *    docs/duffel.md): no tickets, the payment is refunded in full;
 *  - `ticketing-delayed`: the supplier would not ticket a paid order (modules/supplier-orders/ticketing.ts): no tickets
 *    yet, an operator is on it (tickets, or a full refund);
 *  - `contact-phone-changed`, `contact-email-changed` (to the old and the new address), and
 *    `contact-email-code` (the code that confirms a new address, sent to that address).
 */
import type { Order } from '@parvoz/contracts/booking';
import type { ReactElement } from 'react';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { formatAmount, formatInstant } from '../documents/index.ts';
import type { EmailPayload } from './mail.ts';
import { ActionButton, BigCode, EmailLayout, h, Paragraph, renderEmailParts } from './email-layout.ts';

export type AfterSaleEmailKind =
  | 'order-cancelled'
  | 'refund-completed'
  | 'late-payment-refund'
  | 'supplier-refused-refund'
  | 'ticketing-delayed'
  | 'contact-phone-changed'
  | 'contact-email-code'
  | 'contact-email-changed';

export type AfterSaleEmail =
  | {
      kind: 'order-cancelled';
      order: Order;
      /** Major units in the order currency; null when nothing was paid. */
      refundAmount: string | null;
      /** The airline's credits given instead of money (a voucher or airline credits), else null or absent. */
      credits?: { code: string; amount: string; currency: string }[] | null;
      link: string;
    }
  | { kind: 'refund-completed'; order: Order; amount: string; currency: string; link: string }
  | { kind: 'late-payment-refund'; order: Order; amount: string; currency: string; link: string }
  | { kind: 'supplier-refused-refund'; order: Order; amount: string; currency: string; link: string }
  | { kind: 'ticketing-delayed'; order: Order; link: string }
  | { kind: 'contact-phone-changed'; order: Order; phone: string; link: string }
  | { kind: 'contact-email-code'; order: Order; code: string; minutes: number }
  | {
      kind: 'contact-email-changed';
      order: Order;
      /** The new contact email. */
      email: string;
      /** Who reads it: the address that was replaced (no link: it may no longer be the traveller's), or the new one. */
      reader: 'old' | 'new';
      link: string | null;
      /**
       * To the old address of a change made with an order link: the one-click undo and when it lapses (ISO), so a
       * leaked link cannot take the booking over (docs/decisions/0022-email-change-undo.md).
       */
      undo?: { url: string; until: string };
    };

/** An email of a few paragraphs, an optional big line (a code), an optional button to the order, small print. */
function Notice(props: {
  lang: Locale;
  subject: string;
  paragraphs: string[];
  big?: string;
  action?: { label: string; url: string };
  after?: string[];
}): ReactElement {
  return h(
    EmailLayout,
    { lang: props.lang, title: props.subject, preview: props.paragraphs[0] },
    ...props.paragraphs.map((p, i) => h(Paragraph, { key: `p${i}` }, p)),
    props.big ? h(BigCode, null, props.big) : null,
    props.action ? h(ActionButton, { href: props.action.url }, props.action.label) : null,
    ...(props.after ?? []).map((p, i) => h(Paragraph, { key: `a${i}`, tone: 'small' }, p)),
  );
}

async function notice(
  lang: Locale,
  subject: string,
  paragraphs: string[],
  options: { big?: string; action?: { label: string; url: string }; after?: string[] } = {},
): Promise<EmailPayload> {
  return {
    lang,
    subject,
    ...(await renderEmailParts(h(Notice, { lang, subject, paragraphs, ...options }))),
  };
}

export function renderAfterSaleEmail(lang: Locale, content: AfterSaleEmail): Promise<EmailPayload> {
  const intl = getIntl(lang);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { order } = content;
  const reference = order.booking_reference;
  const action = (url: string) => ({ label: t('booking.mail.action'), url });
  /** Money going back: the subject and intro name the order and the amount; the button opens the order. */
  const refundNotice = (
    subjectId: string,
    introId: string,
    refund: { amount: string; currency: string; link: string },
  ) => {
    const amount = formatAmount(lang, refund.amount, refund.currency);
    return notice(lang, t(subjectId, { reference, amount }), [t(introId, { reference, amount })], {
      action: action(refund.link),
    });
  };
  switch (content.kind) {
    case 'order-cancelled': {
      const paid = content.refundAmount !== null;
      const amount = paid ? formatAmount(lang, content.refundAmount!, order.total_currency) : '';
      const credits = content.credits ?? [];
      const refundLine = !paid
        ? t('aftersale.mail.cancelled.unpaid')
        : credits.length > 0
          ? t('aftersale.mail.cancelled.credit', {
              credits: credits
                .map((c) => `${c.code} (${formatAmount(lang, c.amount, c.currency)})`)
                .join(', '),
            })
          : Number(content.refundAmount) > 0
            ? t('aftersale.mail.cancelled.refund', { amount })
            : t('aftersale.mail.cancelled.noRefund');
      return notice(
        lang,
        t('aftersale.mail.cancelled.subject', { reference }),
        [
          t('aftersale.mail.cancelled.intro', { reference }),
          ...(paid ? [t('aftersale.mail.cancelled.voided')] : []),
          refundLine,
        ],
        { action: action(content.link) },
      );
    }
    case 'refund-completed':
      return refundNotice('aftersale.mail.refunded.subject', 'aftersale.mail.refunded.intro', content);
    case 'late-payment-refund':
      return refundNotice('aftersale.mail.late.subject', 'aftersale.mail.late.intro', content);
    case 'supplier-refused-refund':
      return refundNotice(
        'aftersale.mail.supplierRefused.subject',
        'aftersale.mail.supplierRefused.intro',
        content,
      );
    case 'ticketing-delayed':
      return notice(
        lang,
        t('aftersale.mail.ticketingDelayed.subject', { reference }),
        [t('aftersale.mail.ticketingDelayed.intro', { reference })],
        { action: action(content.link) },
      );
    case 'contact-phone-changed':
      return notice(
        lang,
        t('aftersale.mail.phone.subject', { reference }),
        [t('aftersale.mail.phone.intro', { reference, phone: content.phone })],
        { action: action(content.link), after: [t('aftersale.mail.notYou')] },
      );
    case 'contact-email-code':
      return notice(
        lang,
        t('aftersale.mail.emailCode.subject', { code: content.code }),
        [t('aftersale.mail.emailCode.intro', { reference })],
        { big: content.code, after: [t('mail.code.validity', { minutes: content.minutes })] },
      );
    case 'contact-email-changed': {
      const { undo } = content;
      return notice(
        lang,
        t('aftersale.mail.emailChanged.subject', { reference }),
        [
          content.reader === 'old'
            ? t('aftersale.mail.emailChanged.old', { reference, email: content.email })
            : t('aftersale.mail.emailChanged.new', { reference }),
          ...(undo
            ? [t('aftersale.mail.emailChanged.undo', { until: formatInstant(lang, undo.until) })]
            : []),
        ],
        {
          ...(undo
            ? { action: { label: t('aftersale.mail.emailChanged.undoAction'), url: undo.url } }
            : content.link
              ? { action: action(content.link) }
              : {}),
          ...(content.reader === 'old' && !undo ? { after: [t('aftersale.mail.notYou')] } : {}),
        },
      );
    }
  }
}
