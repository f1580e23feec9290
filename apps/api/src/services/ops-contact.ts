/**
 * An operator corrects an order's contact (issue 13 §6), as the traveller gave it by phone or email: the name,
 * the email, the phone, in one change with one audit entry. Unlike the traveller's own change of email
 * (order-manage.ts) no code goes to the new address first — the operator vouches for it — but the traveller is
 * told the same way: the emails of order-manage (a new phone to the contact email; a new email to both the old
 * and the new address, only the new one with a link to the order).
 */
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { Order } from '@parvoz/contracts/booking';
import type { OpsCorrectContact } from '@parvoz/contracts/ops';
import { ApiFailure } from '../errors.ts';
import { renderAfterSaleEmail } from './after-sale-mail.ts';
import { enqueueEmail } from './mail.ts';
import { loadOrder, presentOrder } from './order-view.ts';
import { orderLink } from './refunds.ts';

export async function correctContact(
  tx: Database,
  input: {
    orderId: string;
    contact: Omit<OpsCorrectContact, 'reason'>;
    siteUrl: string;
    now: Date;
    /** Writes the change to the audit log (in `tx`); not called when nothing changes. */
    audit: (details: Record<string, unknown>) => Promise<void>;
  },
): Promise<Order> {
  const { orderId, contact, now } = input;
  const [row] = await tx.select().from(schema.orders).where(eq(schema.orders.id, orderId)).for('update');
  if (!row) throw new ApiFailure('not_found', 'No such order.');
  const changes: Partial<typeof schema.orders.$inferInsert> = {};
  const audit: Record<string, unknown> = {};
  if (contact.full_name !== undefined && contact.full_name !== row.contactFullName) {
    changes.contactFullName = contact.full_name;
    Object.assign(audit, { full_name_from: row.contactFullName, full_name_to: contact.full_name });
  }
  if (contact.email !== undefined && contact.email !== row.contactEmail) {
    changes.contactEmail = contact.email;
    Object.assign(audit, { email_from: row.contactEmail, email_to: contact.email });
  }
  if (contact.phone !== undefined && contact.phone !== row.contactPhone) {
    changes.contactPhone = contact.phone;
    Object.assign(audit, { phone_from: row.contactPhone, phone_to: contact.phone });
  }
  if (Object.keys(changes).length === 0) return presentOrder((await loadOrder(tx, orderId))!, now);
  await tx
    .update(schema.orders)
    .set({ ...changes, updatedAt: now })
    .where(eq(schema.orders.id, orderId));
  const view = presentOrder((await loadOrder(tx, orderId))!, now);
  const link = () => orderLink(tx, orderId, view.lang, input.siteUrl, now);
  if (changes.contactPhone) {
    await enqueueEmail(tx, {
      to: view.contact.email,
      kind: 'contact-phone-changed',
      orderId,
      payload: await renderAfterSaleEmail(view.lang, {
        kind: 'contact-phone-changed',
        order: view,
        phone: changes.contactPhone,
        link: await link(),
      }),
      now,
    });
  }
  if (changes.contactEmail) {
    // The old address learns where the booking's emails go now, but gets no link to the order.
    await enqueueEmail(tx, {
      to: row.contactEmail,
      kind: 'contact-email-changed',
      orderId,
      payload: await renderAfterSaleEmail(view.lang, {
        kind: 'contact-email-changed',
        order: view,
        email: changes.contactEmail,
        reader: 'old',
        link: null,
      }),
      now,
    });
    await enqueueEmail(tx, {
      to: changes.contactEmail,
      kind: 'contact-email-changed',
      orderId,
      payload: await renderAfterSaleEmail(view.lang, {
        kind: 'contact-email-changed',
        order: view,
        email: changes.contactEmail,
        reader: 'new',
        link: await link(),
      }),
      now,
    });
  }
  await input.audit(audit);
  return view;
}
