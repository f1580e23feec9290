/**
 * The after-sale emails of an order (after-sale-mail.ts), queued in the transaction of the change they tell of:
 * to the order's contact in the order's language unless said otherwise, the outbox kind being the email's kind.
 * A link in them is a fresh access link to the order page (modules/orders/access.ts `orderLink`).
 */
import type { Database } from '@parvoz/db';
import type { Order } from '@parvoz/contracts/booking';
import type { Locale } from '@parvoz/i18n/locales';
import { renderAfterSaleEmail, type AfterSaleEmail } from '../mail/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import { orderLink } from './access.ts';
import { currentOrder, majorOf } from './view.ts';

export async function queueAfterSaleEmail(
  tx: Database,
  email: AfterSaleEmail,
  options: { now: Date; to?: string; lang?: Locale; dedupeKey?: string },
): Promise<void> {
  await enqueueEmail(tx, {
    to: options.to ?? email.order.contact.email,
    kind: email.kind,
    orderId: email.order.id,
    payload: await renderAfterSaleEmail(options.lang ?? email.order.lang, email),
    now: options.now,
    dedupeKey: options.dedupeKey,
  });
}

/** Money going back to the traveller: a refund done, a late payment or a paid order the supplier refused. */
export async function queueMoneyBackEmail(
  tx: Database,
  kind: 'refund-completed' | 'late-payment-refund' | 'supplier-refused-refund',
  input: {
    orderId: string;
    amountMinor: number;
    currency: string;
    siteUrl: string;
    now: Date;
    dedupeKey: string;
  },
): Promise<void> {
  const { orderId, currency, now } = input;
  const order = await currentOrder(tx, orderId, now);
  await queueAfterSaleEmail(
    tx,
    {
      kind,
      order,
      amount: majorOf(input.amountMinor, currency),
      currency,
      link: await orderLink(tx, orderId, order.lang, input.siteUrl, now),
    },
    { now, dedupeKey: input.dedupeKey },
  );
}

/** A new contact phone (`order` as changed), told at the contact email. */
export async function queuePhoneChangedEmail(tx: Database, order: Order, siteUrl: string, now: Date) {
  const link = await orderLink(tx, order.id, order.lang, siteUrl, now);
  await queueAfterSaleEmail(
    tx,
    { kind: 'contact-phone-changed', order, phone: order.contact.phone, link },
    { now },
  );
}

/**
 * A new contact email (`order` as changed), told at both addresses: the old one learns where the booking's emails
 * go now but gets no link to the order (it may no longer be the traveller's); the new one gets the link. With
 * `undo` (a change made with an order link), the old one also gets the one-click undo and its deadline
 * (docs/decisions/0022-email-change-undo.md).
 */
export async function queueEmailChangedEmails(
  tx: Database,
  order: Order,
  oldEmail: string,
  siteUrl: string,
  now: Date,
  undo?: { url: string; until: string },
): Promise<void> {
  const email = order.contact.email;
  await queueAfterSaleEmail(
    tx,
    { kind: 'contact-email-changed', order, email, reader: 'old', link: null, ...(undo ? { undo } : {}) },
    { now, to: oldEmail },
  );
  const link = await orderLink(tx, order.id, order.lang, siteUrl, now);
  await queueAfterSaleEmail(
    tx,
    { kind: 'contact-email-changed', order, email, reader: 'new', link },
    { now },
  );
}
