/**
 * An operator corrects an order's contact (docs/after-sale.md §6), as the traveller gave it by phone or
 * email: the name, the email, the phone, in one change with one audit entry. Unlike the traveller's own
 * change of email (modules/after-sale/manage.ts) no code goes to the new address first — the operator vouches for it — but
 * the traveller is told the same way: the emails of order-manage (a new phone to the contact email; a new
 * email to both the old and the new address, only the new one with a link to the order).
 */
import type { Database } from '@parvoz/db';
import type { Order } from '@parvoz/contracts/booking';
import type { OpsCorrectContact } from '@parvoz/contracts/ops';
import { ApiFailure } from '../../errors.ts';
import { queueEmailChangedEmails, queuePhoneChangedEmail } from '../orders/index.ts';
import { currentOrder, lockOrder, updateOrder, type OrderChanges } from '../orders/index.ts';

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
  const row = await lockOrder(tx, orderId);
  if (!row) throw new ApiFailure('not_found', 'No such order.');
  const changes: OrderChanges = {};
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
  if (Object.keys(changes).length === 0) return currentOrder(tx, orderId, now);
  await updateOrder(tx, orderId, { ...changes, updatedAt: now });
  const view = await currentOrder(tx, orderId, now);
  if (changes.contactPhone) await queuePhoneChangedEmail(tx, view, input.siteUrl, now);
  if (changes.contactEmail) await queueEmailChangedEmails(tx, view, row.contactEmail, input.siteUrl, now);
  await input.audit(audit);
  return view;
}
