/**
 * Managing a booking (issue 13; contract: packages/contracts/src/order-manage.ts): change the contact phone
 * or email (a new email is confirmed by a code sent to it), send the tickets again, the payment receipt.
 * Only the order's signed-in owner or the holder of a live access token may (anyone else: the 404 of a
 * missing order); every change is emailed in the same transaction that makes it (the outbox).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { Order } from '@parvoz/contracts/booking';
import type { EmailChange } from '@parvoz/contracts/order-manage';
import type { Locale } from '@parvoz/i18n/locales';
import type { Caller } from '../auth.ts';
import { ApiFailure } from '../errors.ts';
import { queueAfterSaleEmail, queueEmailChangedEmails, queuePhoneChangedEmail } from './order-notices.ts';
import {
  currentOrder,
  loadOrderFor,
  lockOrder,
  majorOf,
  presentOrder,
  type StaffAccess,
} from './order-view.ts';
import { enqueueConfirmation } from './payments.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { generateCode, hashSecret, sameHash } from './one-time-codes.ts';

export interface ManageDeps {
  db: Database;
  now: () => Date;
  /** Origin of the links in the emails. */
  siteUrl: string;
  /** The console's: writes the change to the audit log, in the transaction that makes it. */
  audit?: (tx: Database, details: Record<string, unknown>) => Promise<void>;
}

export interface OrderAccessArgs {
  caller: Caller | StaffAccess;
  orderId: string;
  accessToken: string | undefined;
}

/** How long a code for a new contact email lives, and how many wrong tries end it. */
export const EMAIL_CHANGE_VALID_MS = 10 * 60_000;
export const EMAIL_CHANGE_MAX_ATTEMPTS = 5;

/** Locks the order's row in `tx` (the order every writer uses) and answers it as the API shows it. */
async function lockedView(tx: Database, orderId: string, now: Date): Promise<Order> {
  await lockOrder(tx, orderId);
  return currentOrder(tx, orderId, now);
}

/** POST /v1/orders/:id/actions/change_phone: the new phone, and a note to the contact email. */
export async function changePhone(deps: ManageDeps, access: OrderAccessArgs, phone: string): Promise<Order> {
  await loadOrderFor(deps.db, access.orderId, access.caller, access.accessToken);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockedView(tx, access.orderId, now);
    if (before.contact.phone === phone) return before;
    await tx
      .update(schema.orders)
      .set({ contactPhone: phone, updatedAt: now })
      .where(eq(schema.orders.id, access.orderId));
    await deps.audit?.(tx, { phone_from: before.contact.phone, phone_to: phone });
    const view = await currentOrder(tx, access.orderId, now);
    await queuePhoneChangedEmail(tx, view, deps.siteUrl, now);
    return view;
  });
}

/**
 * POST /v1/orders/:id/email_changes: a code to the NEW address; the address changes only once the code is
 * given back (so a typo never sends the booking's emails to a stranger). A newer request ends older ones.
 */
export async function requestEmailChange(
  deps: ManageDeps,
  access: OrderAccessArgs,
  input: { email: string; lang?: Locale | undefined },
): Promise<EmailChange> {
  const order = await loadOrderFor(deps.db, access.orderId, access.caller, access.accessToken);
  if (order.row.contactEmail === input.email)
    throw new ApiFailure('unprocessable', 'This is already the contact email.', { reason: 'same_email' });
  const now = deps.now();
  const lang = input.lang ?? (order.row.lang as Locale);
  return deps.db.transaction(async (tx) => {
    const view = await lockedView(tx, access.orderId, now);
    await tx
      .update(schema.orderEmailChanges)
      .set({ expiresAt: now })
      .where(
        and(
          eq(schema.orderEmailChanges.orderId, access.orderId),
          isNull(schema.orderEmailChanges.confirmedAt),
          gt(schema.orderEmailChanges.expiresAt, now),
        ),
      );
    const id = randomUUID();
    const code = generateCode();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_VALID_MS);
    await tx.insert(schema.orderEmailChanges).values({
      id,
      orderId: access.orderId,
      newEmail: input.email,
      codeHash: hashSecret(id, code),
      lang,
      createdAt: now,
      expiresAt,
    });
    await queueAfterSaleEmail(
      tx,
      { kind: 'contact-email-code', order: view, code, minutes: EMAIL_CHANGE_VALID_MS / 60_000 },
      { now, to: input.email, lang },
    );
    return { id, email: input.email, expires_at: expiresAt.toISOString() };
  });
}

type ConfirmOutcome = { ok: true; order: Order } | { ok: false; failure: ApiFailure };

/**
 * POST /v1/orders/:id/email_changes/:change_id/actions/confirm: the right code makes the new address the
 * contact email, and both addresses are told. A wrong code counts (committed) and is refused.
 */
export async function confirmEmailChange(
  deps: ManageDeps,
  access: OrderAccessArgs,
  changeId: string,
  code: string,
): Promise<Order> {
  await loadOrderFor(deps.db, access.orderId, access.caller, access.accessToken);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const before = await lockedView(tx, access.orderId, now);
    const [change] = await tx
      .select()
      .from(schema.orderEmailChanges)
      .where(
        and(eq(schema.orderEmailChanges.id, changeId), eq(schema.orderEmailChanges.orderId, access.orderId)),
      )
      .for('update');
    if (!change) throw new ApiFailure('not_found', 'No such email change.');
    // Confirmed already (a retried request): the same answer, nothing more.
    if (change.confirmedAt && before.contact.email === change.newEmail) return { ok: true, order: before };
    const expired = (reason: string) =>
      new ApiFailure('invalid_code', 'This code has expired: ask for a new one.', { reason });
    if (change.confirmedAt || change.expiresAt.getTime() <= now.getTime())
      return { ok: false, failure: expired('code_expired') };
    if (change.attempts >= EMAIL_CHANGE_MAX_ATTEMPTS) return { ok: false, failure: expired('code_expired') };
    if (!sameHash(hashSecret(change.id, code), change.codeHash)) {
      const attempts = change.attempts + 1;
      await tx
        .update(schema.orderEmailChanges)
        .set({ attempts })
        .where(eq(schema.orderEmailChanges.id, change.id));
      return {
        ok: false,
        failure: new ApiFailure('invalid_code', 'The code is not right.', {
          reason: attempts >= EMAIL_CHANGE_MAX_ATTEMPTS ? 'code_expired' : 'wrong_code',
          attempts_left: Math.max(0, EMAIL_CHANGE_MAX_ATTEMPTS - attempts),
        }),
      };
    }
    const oldEmail = before.contact.email;
    await tx
      .update(schema.orders)
      .set({ contactEmail: change.newEmail, updatedAt: now })
      .where(eq(schema.orders.id, access.orderId));
    await tx
      .update(schema.orderEmailChanges)
      .set({ confirmedAt: now })
      .where(eq(schema.orderEmailChanges.id, change.id));
    const view = await currentOrder(tx, access.orderId, now);
    await queueEmailChangedEmails(tx, view, oldEmail, deps.siteUrl, now);
    return { ok: true, order: view };
  });
  if (!outcome.ok) throw outcome.failure;
  return outcome.order;
}

/** POST /v1/orders/:id/actions/resend_tickets: the confirmation with the e-ticket again, to the contact email. */
export async function resendTickets(
  deps: ManageDeps,
  access: OrderAccessArgs,
  lang: Locale | undefined,
): Promise<void> {
  const order = await loadOrderFor(deps.db, access.orderId, access.caller, access.accessToken);
  if (order.row.bookingStatus !== 'booked' || order.row.paymentStatus !== 'paid')
    throw new ApiFailure('unprocessable', 'This order has no valid tickets to send.', {
      reason: 'not_ticketed',
    });
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const view = await lockedView(tx, access.orderId, now);
    await enqueueConfirmation(tx, access.orderId, deps.siteUrl, now, lang ? { lang } : {});
    await deps.audit?.(tx, { to: view.contact.email, lang: lang ?? view.lang });
  });
}

/** GET /v1/orders/:id/receipt.pdf: the payment receipt of a paid order (404 otherwise). */
export async function receiptPdf(
  deps: Pick<ManageDeps, 'db' | 'now'>,
  access: OrderAccessArgs,
  lang: Locale | undefined,
): Promise<{ pdf: Buffer; reference: string }> {
  const order = await loadOrderFor(deps.db, access.orderId, access.caller, access.accessToken);
  if (order.row.paymentStatus !== 'paid')
    throw new ApiFailure('not_found', 'The receipt is issued once the order is paid.');
  const now = deps.now();
  const view = presentOrder(order, now);
  const payments = await deps.db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.orderId, access.orderId), eq(schema.payments.status, 'succeeded')))
    .orderBy(asc(schema.payments.updatedAt));
  const pdf = await renderReceiptPdf(
    view,
    payments.map((p) => ({
      amount: majorOf(p.amountMinor, p.currency),
      currency: p.currency,
      // A succeeded payment is not changed afterwards: its last change is when it succeeded.
      paidAt: p.updatedAt.toISOString(),
      provider: p.provider,
      reference: p.providerRef,
    })),
    lang ?? view.lang,
    now,
  );
  return { pdf, reference: view.booking_reference };
}
