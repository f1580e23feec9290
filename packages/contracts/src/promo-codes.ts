import { LOCALES } from '@parvoz/i18n/locales';
/**
 * Promo codes (docs/decisions/0029-promo-codes.md): the booking page's check of a code (POST /v1/promo_codes/quote),
 * the refusals a code meets there and at booking, and the console's codes (/v1/ops/promo-codes, admins only).
 *
 * A code is refused with one of four reasons, the web's words for each in the message files: `promo_unavailable`
 * (unknown, retired, not yet or no longer valid: said alike, so a wrong code tells nothing about the others),
 * `promo_limit_reached`, `promo_not_applicable` (not for this trip, or nothing left to take off it) and
 * `promo_already_used` (by this traveller's mailbox as often as the code allows).
 */
import { z } from 'zod';
import { CURRENCIES } from '@parvoz/core/money';
import { PROMO_REFUSALS } from '@parvoz/core/promo-codes';
import { priceRuleScopeSchema } from './ops-pricing.ts';
import { idempotentRefusals, notFoundRefusals, reason, refusals, type RefusalMap } from './refusals.ts';

/** A code as typed: compared without regard to case or the spaces around it. */
export const promoCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'booking.error.promoCode');

/** The refusal reasons of a code, as `details.reason` of a 422 `unprocessable`. */
export const PROMO_REFUSAL_REASONS = PROMO_REFUSALS.map((r) => `promo_${r}` as const);
export type PromoRefusalReason = (typeof PROMO_REFUSAL_REASONS)[number];

/** What a code may be refused with, here and at booking (POST /v1/orders with `promo_code`). */
export const promoRefusals = {
  unprocessable: [
    reason('promo_unavailable'),
    reason('promo_limit_reached'),
    reason('promo_not_applicable'),
    reason('promo_already_used'),
  ],
} as const satisfies RefusalMap;

/** POST /v1/promo_codes/quote: the offer on the booking page and the code typed; the contact email when known. */
export const promoQuoteRequestSchema = z.object({
  code: promoCodeSchema,
  offer_id: z.string().min(1).max(2000),
  currency: z.enum(CURRENCIES).optional(),
  /** The site language: the market the agency's rules price for, as at booking (English unless told). */
  lang: z.enum(LOCALES).default('en'),
  /** The per-traveller limit is checked for this mailbox when given (always at booking). */
  email: z.email().max(254).optional(),
});
export type PromoQuoteRequest = z.input<typeof promoQuoteRequestSchema>;

/** The offer's total with the code (luggage not included: it is never discounted) and what the code takes off. */
export const promoQuoteSchema = z.object({
  code: z.string(),
  discount_amount: z.string(),
  total_amount: z.string(),
  currency: z.string(),
});
export type PromoQuote = z.infer<typeof promoQuoteSchema>;
export const promoQuoteResponseSchema = z.object({ data: promoQuoteSchema });

// ---- The console ------------------------------------------------------------------------------------------

const instant = z.iso.datetime({ offset: true });
const majorAmount = z.string().regex(/^\d{1,12}(?:\.\d{1,2})?$/, 'an amount such as 12 or 12.50');
const moneySchema = z.object({ amount: majorAmount, currency: z.enum(CURRENCIES) });

/**
 * POST /v1/ops/promo-codes (a new code) and PUT /v1/ops/promo-codes/{id} (its next version, the whole terms again).
 * What the shape alone cannot say the API asks the core's `promoProblems` and refuses with the same 400.
 */
export const opsPromoCodeInputSchema = z
  .object({
    code: promoCodeSchema,
    percent_bp: z.number().int().min(0).max(10_000).default(0),
    fixed: moneySchema.nullable().optional(),
    per: z.enum(['passenger', 'order']),
    cap: moneySchema.nullable().optional(),
    scope: priceRuleScopeSchema.default({}),
    valid_from: instant.nullable().optional(),
    valid_until: instant.nullable().optional(),
    total_limit: z.number().int().min(1).max(10_000_000),
    per_traveller_limit: z.number().int().min(1).max(10_000_000),
  })
  .strict();
export type OpsPromoCodeInput = z.infer<typeof opsPromoCodeInputSchema>;

/** A new code, or a version renaming one, whose code another code already has. */
export const opsPromoCodeRefusals = refusals(idempotentRefusals, { unprocessable: [reason('code_taken')] });

/** The next version of a code that does not exist, or renaming it to another code's. */
export const opsPromoCodeUpdateRefusals = refusals(notFoundRefusals, {
  unprocessable: [reason('code_taken')],
});
export const opsPromoCodeRetireRefusals = refusals(notFoundRefusals, idempotentRefusals);

/** POST /v1/ops/promo-codes/{id}/retire: nothing to give (the code stops at once). */
export const opsPromoCodeRetireSchema = z.object({}).strict();

export const opsPromoCodeParamsSchema = z.object({ id: z.uuid() });

/** One version of a code's terms: who wrote it and when. */
export const opsPromoCodeVersionSchema = z.object({
  version: z.number().int(),
  terms: opsPromoCodeInputSchema,
  retired: z.boolean(),
  author_user_id: z.uuid().nullable(),
  created_at: instant,
});

/** A code as it is now, its uses, and every version, newest first. */
export const opsPromoCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  terms: opsPromoCodeInputSchema,
  used: z.number().int(),
  retired: z.boolean(),
  versions: z.array(opsPromoCodeVersionSchema).min(1),
});
export type OpsPromoCode = z.infer<typeof opsPromoCodeSchema>;

export const opsPromoCodesResponseSchema = z.object({ data: z.array(opsPromoCodeSchema) });
export const opsPromoCodeResponseSchema = z.object({ data: opsPromoCodeSchema });
