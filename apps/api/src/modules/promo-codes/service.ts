/**
 * Promo codes at booking (docs/decisions/0029-promo-codes.md): whether a typed code may be used, and the use an
 * order claims in its own transaction, given back when the order ends unpaid.
 *
 * The refusals: `promo_unavailable` for a code that is unknown, retired or outside its dates alike (a wrong code
 * tells nothing about the others), `promo_limit_reached`, `promo_not_applicable` (the caller's: the code took
 * nothing off the trip) and `promo_already_used` (the contact's mailbox holds it as often as allowed).
 */
import type { Database } from '@parvoz/db';
import type { CurrencyCode } from '@parvoz/core/money';
import type { PriceRuleScope } from '@parvoz/core/price-rules';
import {
  normalisePromoCode,
  promoMailbox,
  promoStateRefusal,
  promoUsedUp,
  type PromoRefusal,
  type PromoState,
  type PromoTerms,
} from '@parvoz/core/promo-codes';
import { ApiFailure } from '../../errors.ts';
import {
  claimPromoUse,
  insertRedemption,
  lockMailboxUses,
  mailboxUses,
  promoCodeByCode,
  releaseRedemptions,
  type PromoCodeRow,
} from './store.ts';

const MESSAGES: Record<PromoRefusal, string> = {
  unavailable: 'This code cannot be used.',
  limit_reached: 'This code has been used as often as it may be.',
  not_applicable: 'This code gives nothing off this trip.',
  already_used: 'You have already used this code.',
};

/** The 422 of a code that cannot be used, its reason in `details` (the web's words in the message files). */
export function promoRefused(reason: PromoRefusal): ApiFailure {
  return new ApiFailure('unprocessable', MESSAGES[reason], { reason: `promo_${reason}` });
}

const money = (amount: number | null, currency: string | null) =>
  amount !== null && currency ? { amount, currency: currency as CurrencyCode } : undefined;

/** The stored code as the core's terms. */
export function termsOf(row: PromoCodeRow): PromoTerms {
  const fixed = money(row.fixedAmountMinor, row.fixedCurrency);
  const cap = money(row.capAmountMinor, row.capCurrency);
  return {
    code: row.code,
    ...(row.percentBp ? { percentBp: row.percentBp } : {}),
    ...(fixed ? { fixed } : {}),
    per: row.per,
    ...(cap ? { cap } : {}),
    scope: row.scope as PriceRuleScope,
    ...(row.validFrom ? { validFrom: row.validFrom.toISOString() } : {}),
    ...(row.validUntil ? { validUntil: row.validUntil.toISOString() } : {}),
    totalLimit: row.totalLimit,
    perTravellerLimit: row.perTravellerLimit,
  };
}

function stateOf(row: PromoCodeRow): PromoState {
  return {
    retired: row.retiredAt !== null,
    ...(row.validFrom ? { validFrom: row.validFrom.toISOString() } : {}),
    ...(row.validUntil ? { validUntil: row.validUntil.toISOString() } : {}),
    used: row.used,
    totalLimit: row.totalLimit,
  };
}

/** A code the booking may price with. */
export interface UsablePromo {
  id: string;
  terms: PromoTerms;
}

/**
 * The typed code if it may be used at `now` (and, with an email, by that traveller): throws its refusal otherwise.
 * A first look, outside any transaction: `redeemPromo` decides under the row's lock.
 */
export async function usablePromo(
  db: Database,
  typed: string,
  now: Date,
  email?: string,
): Promise<UsablePromo> {
  const code = normalisePromoCode(typed);
  const row = code ? await promoCodeByCode(db, code) : null;
  const refusal = promoStateRefusal(row && stateOf(row), now.getTime());
  if (refusal || !row) throw promoRefused(refusal ?? 'unavailable');
  const terms = termsOf(row);
  if (email && promoUsedUp(await mailboxUses(db, row.id, promoMailbox(email)), terms))
    throw promoRefused('already_used');
  return { id: row.id, terms };
}

/**
 * Claims one use of the code for the order, in the order's transaction: the code's count raised only while below
 * its limit (store.ts `claimPromoUse`), the traveller's uses counted under a lock of their mailbox, then the order's
 * redemption. Throws the refusal (and the caller's transaction rolls back) when either limit is reached.
 */
export async function redeemPromo(
  tx: Database,
  promo: UsablePromo,
  order: { id: string; email: string; discountMinor: number; currency: string },
  now: Date,
): Promise<void> {
  const mailbox = promoMailbox(order.email);
  await lockMailboxUses(tx, promo.id, mailbox);
  const claimed = await claimPromoUse(tx, promo.id, now);
  if (!claimed) {
    // Retired or expired since the first look reads as any unusable code; otherwise the limit was reached.
    const row = await promoCodeByCode(tx, promo.terms.code);
    throw promoRefused(promoStateRefusal(row && stateOf(row), now.getTime()) ?? 'limit_reached');
  }
  // Counted under the mailbox's lock, against the limit of the version just claimed (a refusal rolls the claim back).
  if (promoUsedUp(await mailboxUses(tx, promo.id, mailbox), claimed)) throw promoRefused('already_used');
  await insertRedemption(tx, {
    codeId: promo.id,
    orderId: order.id,
    mailbox,
    discountMinor: order.discountMinor,
    currency: order.currency,
    createdAt: now,
  });
}

/** Gives the orders' uses back (an unpaid order expired or cancelled), in the caller's transaction. */
export function releasePromoUses(
  tx: Database,
  orderIds: string | readonly string[],
  now: Date,
): Promise<number> {
  return releaseRedemptions(tx, typeof orderIds === 'string' ? [orderIds] : orderIds, now);
}
