/**
 * Promo codes (docs/decisions/0029-promo-codes.md): a code the agency hands out is a discount rule of its own,
 * priced by the same arithmetic as the agency's rules (`priceSale` of ./price-rules.ts), applied after them. Pure:
 * what the code is, whether it may be used now, and how much it takes off a sale.
 *
 * A code is compared without regard to case or surrounding spaces ("summer25 " is SUMMER25). An unknown code, a
 * retired one and one outside its dates are refused alike (`unavailable`), so trying codes tells nothing about the
 * ones that exist.
 */
import { canonicalMailbox } from './mailbox.ts';
import {
  priceSale,
  ruleProblems,
  type Price,
  type PriceRule,
  type PriceRuleScope,
  type PricingInput,
} from './price-rules.ts';
import type { CurrencyCode } from './money.ts';

/** Letters, digits, "-" and "_", 3 to 32 of them, the first a letter or a digit (after case folding). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** The code as stored and compared (upper case, trimmed); null when it cannot be a code at all. */
export function normalisePromoCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return PROMO_CODE_PATTERN.test(code) ? code : null;
}

/** The mailbox a per-traveller limit counts (./mailbox.ts: `a+x@` and `A@` are one traveller). */
export const promoMailbox = (email: string): string => canonicalMailbox(email);

/** What a code gives and to whom: a discount as a rule gives it, and its limits. */
export interface PromoTerms {
  code: string;
  /** A percentage in basis points of the matching passengers' supplier cost (as a rule's). */
  percentBp?: number;
  fixed?: { amount: number; currency: CurrencyCode };
  per: 'passenger' | 'order';
  cap?: { amount: number; currency: CurrencyCode };
  scope: PriceRuleScope;
  /** Usable from this instant (inclusive) until that one (exclusive), ISO 8601; absent: no bound. */
  validFrom?: string;
  validUntil?: string;
  /** Orders that may carry the code in all, and per traveller (mailbox). */
  totalLimit: number;
  perTravellerLimit: number;
}

/** Why a code is refused; `unavailable` stands for unknown, retired, not yet valid and expired alike. */
export const PROMO_REFUSALS = ['unavailable', 'limit_reached', 'not_applicable', 'already_used'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** The id of a code's discount line: the order's stored pricing names its code by it. */
export const promoLineId = (code: string) => `promo:${code}`;

/** The code's code of a pricing line's id, or null for the agency's own rules. */
export const promoCodeOfLine = (ruleId: string): string | null =>
  ruleId.startsWith('promo:') ? ruleId.slice('promo:'.length) : null;

/**
 * The code as a discount rule: after every rule of the agency (the highest priority number), so the rules' price
 * stands and the code takes off what is left of the margin (ADR 0025's floor: discounts never take off more than
 * the markups). An exclusive discount rule of the agency ends the discounts, the code's too.
 */
export function promoRule(terms: PromoTerms): PriceRule {
  return {
    id: promoLineId(terms.code),
    kind: 'discount',
    priority: Number.MAX_SAFE_INTEGER,
    scope: terms.scope,
    ...(terms.percentBp ? { percentBp: terms.percentBp } : {}),
    ...(terms.fixed ? { fixed: terms.fixed } : {}),
    per: terms.per,
    ...(terms.cap ? { cap: terms.cap } : {}),
  };
}

/** What is wrong with a code's terms, in words for the console; empty when it may be saved. */
export function promoProblems(terms: PromoTerms): string[] {
  const problems: string[] = [];
  if (normalisePromoCode(terms.code) !== terms.code)
    problems.push('the code is 3 to 32 letters, digits, "-" or "_", in capitals');
  problems.push(...ruleProblems(promoRule(terms)));
  if (!Number.isSafeInteger(terms.totalLimit) || terms.totalLimit < 1)
    problems.push('the total limit is a whole number of at least 1');
  if (!Number.isSafeInteger(terms.perTravellerLimit) || terms.perTravellerLimit < 1)
    problems.push('the limit per traveller is a whole number of at least 1');
  else if (terms.perTravellerLimit > terms.totalLimit)
    problems.push('the limit per traveller is not above the total limit');
  if (terms.validFrom && terms.validUntil && Date.parse(terms.validFrom) >= Date.parse(terms.validUntil))
    problems.push('the validity ends after it starts');
  return problems;
}

/** A stored code's state, as far as it decides the refusals that do not depend on the trip. */
export interface PromoState {
  retired: boolean;
  validFrom?: string;
  validUntil?: string;
  used: number;
  totalLimit: number;
}

/** Why the code cannot be used at `at` (ms) whatever the trip, or null; a code not found is `unavailable`. */
export function promoStateRefusal(state: PromoState | null, at: number): PromoRefusal | null {
  if (!state || state.retired) return 'unavailable';
  if (state.validFrom && at < Date.parse(state.validFrom)) return 'unavailable';
  if (state.validUntil && at >= Date.parse(state.validUntil)) return 'unavailable';
  if (state.used >= state.totalLimit) return 'limit_reached';
  return null;
}

/** Whether the traveller has used the code as often as they may (`uses`: their orders holding it). */
export const promoUsedUp = (uses: number, terms: Pick<PromoTerms, 'perTravellerLimit'>): boolean =>
  uses >= terms.perTravellerLimit;

/** What the code takes off a price made with it (minor units, ≥ 0): its line, 0 when it gave nothing. */
export function promoDiscountOf(price: Pick<Price, 'lines'>, code: string): number {
  const line = price.lines.find((l) => l.ruleId === promoLineId(code));
  return line ? -line.amountMinor : 0;
}

/**
 * A sale priced under the agency's rules and the code, and what the code took off: 0 when its scope does not hold
 * for the sale or the margin left nothing to give (refused as `not_applicable`).
 */
export function pricePromoSale(
  input: PricingInput,
  rules: readonly PriceRule[],
  terms: PromoTerms,
): { price: Price; discountMinor: number } {
  const price = priceSale(input, [...rules, promoRule(terms)]);
  return { price, discountMinor: promoDiscountOf(price, terms.code) };
}
