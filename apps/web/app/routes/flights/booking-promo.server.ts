/**
 * The booking page's promo code (docs/decisions/0029-promo-codes.md): "Apply" (or booking with a code not applied
 * yet) asks the API for the offer's total with the code (POST /v1/promo_codes/quote) and the page shows the
 * discount and the new total before anything is booked; a code already applied is sent with the order, whose
 * total is then the one shown. A refusal comes back as its reason, shown at the field in the page's language.
 */
import { endpoints } from '@parvoz/contracts/endpoints';
import { promoCodeSchema, type PromoQuote, type PromoRefusalReason } from '@parvoz/contracts/promo-codes';
import type { Currency } from '@parvoz/i18n/currency';
import { z } from 'zod';
import type { Locale } from '@parvoz/i18n/locales';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';

/** Why the page shows no discount for the code typed: the API's reason, or not a code at all. */
export type PromoProblem = PromoRefusalReason | 'rate_limited';

const refusalSchema = z.object({
  error: z.object({
    details: z.object({
      reason: z.enum([
        'promo_unavailable',
        'promo_limit_reached',
        'promo_not_applicable',
        'promo_already_used',
      ]),
    }),
  }),
});

/** The code refused by the API (a quote or a booking), or null for any other failure. */
export function promoProblemOf(error: unknown): PromoProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429) return 'rate_limited';
  const refusal = refusalSchema.safeParse(error.body);
  return refusal.success ? refusal.data.error.details.reason : null;
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 200) : '';
}

/** The code typed, as the API compares it ("" for none; null when it cannot be a code). */
export function typedPromoCode(form: FormData): string | null {
  const typed = text(form, 'promo_code').trim();
  if (!typed) return '';
  const parsed = promoCodeSchema.safeParse(typed);
  return parsed.success ? parsed.data : null;
}

/** The quote the page showed last (hidden fields of the form), kept while the code typed is the same. */
export function appliedPromo(form: FormData, code: string | null): PromoQuote | undefined {
  const applied = text(form, 'promo_applied');
  if (!code || applied !== code) return undefined;
  const amount = /^\d{1,12}(?:\.\d{1,2})?$/;
  const discount = text(form, 'promo_discount');
  const total = text(form, 'offer_total');
  const currency = text(form, 'currency');
  return amount.test(discount) && amount.test(total)
    ? { code, discount_amount: discount, total_amount: total, currency }
    : undefined;
}

/** POST /v1/promo_codes/quote for the page's offer: the quote, or why the code gives nothing. */
export async function quotePromoCode(
  state: RequestState,
  request: { code: string | null; offerId: string; currency: Currency; email: string; lang: Locale },
): Promise<{ promo: PromoQuote } | { promoProblem: PromoProblem }> {
  if (!request.code) return { promoProblem: 'promo_unavailable' };
  const email = z.email().safeParse(request.email.trim());
  try {
    const answer = await callEndpoint(state.api, endpoints.quotePromoCode, {
      body: {
        code: request.code,
        offer_id: request.offerId,
        currency: request.currency,
        lang: request.lang,
        ...(email.success ? { email: email.data } : {}),
      },
    });
    return { promo: answer.data };
  } catch (error) {
    const problem = promoProblemOf(error);
    if (problem) return { promoProblem: problem };
    throw error;
  }
}
