/**
 * Managing a booking (docs/after-sale.md; contract: packages/contracts/src/order-manage.ts): change the
 * contact phone or email (a new email is confirmed by a code sent to it), send the tickets again, the payment
 * receipt. Only the order's signed-in owner or the holder of a live access token may (anyone else: the 404 of
 * a missing order); every change is emailed in the same transaction that makes it (the outbox).
 *
 * A confirmed email change proves only the NEW address, and an order link may have leaked: so the replaced
 * address is mailed a one-click undo valid for 48 hours, keeps its link and "where is my ticket" meanwhile,
 * and sign-in does not give the order to the new address before the window ends
 * (docs/decisions/0022-email-change-undo.md).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@parvoz/db';
import type { Order } from '@parvoz/contracts/booking';
import type { EmailChange } from '@parvoz/contracts/order-manage';
import type { Locale } from '@parvoz/i18n/locales';
import type { Caller } from '../accounts/index.ts';
import { ApiFailure } from '../../errors.ts';
import { queueAfterSaleEmail, queueEmailChangedEmails, queuePhoneChangedEmail } from '../orders/index.ts';
import {
  currentOrder,
  loadOrderFor,
  lockOrder,
  majorOf,
  presentOrder,
  updateOrder,
  type StaffAccess,
} from '../orders/index.ts';
import { enqueueConfirmation, succeededPayments } from '../payments/index.ts';
import { renderReceiptPdf } from '../documents/index.ts';
import { isDemoDocument, type SiteMode } from '../../payments/mode.ts';
import { generateCode, hashSecret, sameHash } from '../accounts/index.ts';
import { newAccessToken, orderLink, revokeAccessTokens } from '../orders/index.ts';
import { recordAudit } from '../ops/index.ts';
import { EMAIL_CHANGE_UNDO_MS, emailChangeUndoUrl } from '../orders/index.ts';
import {
  endPendingEmailChanges,
  insertEmailChange,
  lockEmailChange,
  spendEmailChangeUndos,
  updateEmailChange,
} from '../orders/index.ts';

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
    await updateOrder(tx, access.orderId, { contactPhone: phone, updatedAt: now });
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
    await endPendingEmailChanges(tx, access.orderId, now);
    const id = randomUUID();
    const code = generateCode();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_VALID_MS);
    await insertEmailChange(tx, {
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
    const change = await lockEmailChange(tx, access.orderId, changeId);
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
      await updateEmailChange(tx, change.id, { attempts });
      return {
        ok: false,
        failure: new ApiFailure('invalid_code', 'The code is not right.', {
          reason: attempts >= EMAIL_CHANGE_MAX_ATTEMPTS ? 'code_expired' : 'wrong_code',
          attempts_left: Math.max(0, EMAIL_CHANGE_MAX_ATTEMPTS - attempts),
        }),
      };
    }
    const oldEmail = before.contact.email;
    // The code proves only the new address; the caller may hold a leaked link. The old address gets the undo
    // (a random token, kept hashed with the row id like the code) and keeps its link: nothing is revoked here.
    const undoToken = newAccessToken();
    await updateOrder(tx, access.orderId, { contactEmail: change.newEmail, updatedAt: now });
    await updateEmailChange(tx, change.id, {
      confirmedAt: now,
      previousEmail: oldEmail,
      undoTokenHash: hashSecret(change.id, undoToken),
    });
    const view = await currentOrder(tx, access.orderId, now);
    const until = new Date(now.getTime() + EMAIL_CHANGE_UNDO_MS).toISOString();
    await queueEmailChangedEmails(tx, view, oldEmail, deps.siteUrl, now, {
      url: emailChangeUndoUrl(deps.siteUrl, view.lang, view.id, change.id, undoToken),
      until,
    });
    await recordAudit(tx, {
      actor: { userId: null, email: change.newEmail, traveller: true },
      action: 'order.contact_email_changed',
      targetType: 'order',
      targetId: access.orderId,
      details: { email_from: oldEmail, email_to: change.newEmail, change_id: change.id, undo_until: until },
      at: now,
    });
    return { ok: true, order: view };
  });
  if (!outcome.ok) throw outcome.failure;
  return outcome.order;
}

const invalidUndo = () =>
  new ApiFailure('invalid_code', 'This link is not valid or has expired.', { reason: 'expired' });

/**
 * POST /v1/orders/:id/email_changes/:change_id/actions/undo: the token of the link mailed to the replaced
 * address (48 hours, single use) is the only credential, since that address may have lost its order link to
 * whoever made the change. It puts the address back, voids the undo of every later change (which would hand the
 * order back), ends pending changes, revokes EVERY live link (the thief's may be a copy of the traveller's
 * own) and mails the restored address a fresh one; both addresses are told, and the audit log records it.
 */
export async function undoEmailChange(
  deps: ManageDeps,
  input: { orderId: string; changeId: string; token: string },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (!before) throw invalidUndo();
    const change = await lockEmailChange(tx, input.orderId, input.changeId);
    if (
      !change?.confirmedAt ||
      !change.undoTokenHash ||
      !change.previousEmail ||
      change.undoneAt ||
      change.confirmedAt.getTime() + EMAIL_CHANGE_UNDO_MS <= now.getTime() ||
      !sameHash(hashSecret(change.id, input.token), change.undoTokenHash)
    )
      throw invalidUndo();
    const restored = change.previousEmail;
    const removed = before.contactEmail;
    await updateOrder(tx, input.orderId, { contactEmail: restored, updatedAt: now });
    // This undo is spent; a later change's undo (mailed to an address this one removes) must not win it back.
    await spendEmailChangeUndos(tx, input.orderId, change.confirmedAt, now);
    await endPendingEmailChanges(tx, input.orderId, now, change.id);
    await revokeAccessTokens(tx, input.orderId, now);
    const view = await currentOrder(tx, input.orderId, now);
    // The removed address learns where the emails go again (no link); the restored one gets the only live link.
    if (removed !== restored) await queueEmailChangedEmails(tx, view, removed, deps.siteUrl, now);
    else {
      const link = await orderLink(tx, view.id, view.lang, deps.siteUrl, now);
      await queueAfterSaleEmail(
        tx,
        { kind: 'contact-email-changed', order: view, email: restored, reader: 'new', link },
        { now },
      );
    }
    await recordAudit(tx, {
      actor: { userId: null, email: restored, traveller: true },
      action: 'order.contact_email_change_undone',
      targetType: 'order',
      targetId: input.orderId,
      details: { email_from: removed, email_to: restored, change_id: change.id },
      at: now,
    });
  });
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
  deps: Pick<ManageDeps, 'db' | 'now'> & { mode?: SiteMode },
  access: OrderAccessArgs,
  lang: Locale | undefined,
): Promise<{ pdf: Buffer; reference: string }> {
  const order = await loadOrderFor(deps.db, access.orderId, access.caller, access.accessToken);
  if (order.row.paymentStatus !== 'paid')
    throw new ApiFailure('not_found', 'The receipt is issued once the order is paid.');
  const now = deps.now();
  const view = presentOrder(order, now);
  const payments = await succeededPayments(deps.db, access.orderId);
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
    { demo: isDemoDocument(deps.mode, order.row) },
  );
  return { pdf, reference: view.booking_reference };
}
