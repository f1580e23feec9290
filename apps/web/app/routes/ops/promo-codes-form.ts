/**
 * The console's promo code form (docs/operations.md#promo-codes): the fields as the admin types them (a percentage
 * such as "5", places such as "TAS, city:IST", times in UTC) and the terms the API takes from them
 * (packages/contracts/src/promo-codes.ts). The form checks the shape of each field; what only the terms as a whole
 * can say (a code that takes nothing off, an amount its currency cannot hold) is the API's 400.
 */
import { z } from 'zod';
import type { OpsPromoCode, OpsPromoCodeInput } from '@parvoz/contracts/promo-codes';
import { CURRENCIES } from '@parvoz/i18n/currency';
import type { MessageKey } from '../../lib/i18n.tsx';
import { listItems, percentText, placeOf, placeText } from './price-rules-form.ts';

const text = (pattern: RegExp) => z.union([z.literal(''), z.string().trim().regex(pattern)]).optional();
const amount = text(/^\d{1,12}(?:[.,]\d{1,2})?$/);
const currency = z.union([z.literal(''), z.enum(CURRENCIES)]).optional();
const utcTime = text(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/);
const places = text(/^[A-Za-z0-9:, ]{0,400}$/);
const count = z
  .string()
  .trim()
  .regex(/^\d{1,8}$/);

export const promoCodeFormSchema = z.object({
  code: z.string().trim().min(3).max(32),
  percent: text(/^\d{1,3}(?:[.,]\d{1,2})?$/),
  fixed_amount: amount,
  fixed_currency: currency,
  per: z.enum(['passenger', 'order']),
  cap_amount: amount,
  cap_currency: currency,
  origins: places,
  destinations: places,
  valid_from: utcTime,
  valid_until: utcTime,
  total_limit: count,
  per_traveller_limit: count,
});
export type PromoCodeForm = z.output<typeof promoCodeFormSchema>;

const major = (value: string) => value.replace(',', '.');
const utc = (value: string | undefined) => (value ? `${value}${value.length === 16 ? ':00' : ''}Z` : null);
const some = <T>(items: T[]) => (items.length > 0 ? items : undefined);

/** The terms the API takes (a new code, or the whole terms again as its next version). */
export function promoInputOf(form: PromoCodeForm): OpsPromoCodeInput {
  const money = (sum: string | undefined, code: PromoCodeForm['fixed_currency']) =>
    sum && code ? { amount: major(sum), currency: code } : null;
  const scope = {
    origins: some(listItems(form.origins).map(placeOf)),
    destinations: some(listItems(form.destinations).map(placeOf)),
  };
  return {
    code: form.code.toUpperCase(),
    percent_bp: form.percent ? Math.round(Number(major(form.percent)) * 100) : 0,
    fixed: money(form.fixed_amount, form.fixed_currency),
    per: form.per,
    cap: money(form.cap_amount, form.cap_currency),
    scope: Object.fromEntries(Object.entries(scope).filter(([, v]) => v !== undefined)),
    valid_from: utc(form.valid_from),
    valid_until: utc(form.valid_until),
    total_limit: Number(form.total_limit),
    per_traveller_limit: Number(form.per_traveller_limit),
  };
}

/** The form's first values: a new code of one use per traveller, or the code's terms now. */
export function promoCodeDefaults(code: OpsPromoCode | null): Record<keyof PromoCodeForm, string> {
  const terms = code?.terms;
  return {
    code: terms?.code ?? '',
    percent: terms?.percent_bp ? percentText(terms.percent_bp) : '',
    fixed_amount: terms?.fixed?.amount ?? '',
    fixed_currency: terms?.fixed?.currency ?? '',
    per: terms?.per ?? 'order',
    cap_amount: terms?.cap?.amount ?? '',
    cap_currency: terms?.cap?.currency ?? '',
    origins: (terms?.scope.origins ?? []).map(placeText).join(', '),
    destinations: (terms?.scope.destinations ?? []).map(placeText).join(', '),
    valid_from: terms?.valid_from?.slice(0, 16) ?? '',
    valid_until: terms?.valid_until?.slice(0, 16) ?? '',
    total_limit: terms ? String(terms.total_limit) : '100',
    per_traveller_limit: terms ? String(terms.per_traveller_limit) : '1',
  };
}

/** The page's answer to a post: what was done, or why not (and which form was sent). */
export type PromoCodeActionResult = { done: MessageKey } | { problem: MessageKey; formId?: string };

/** The id of a code's edit form, or the new code's. */
export const promoFormId = (id: string | null) => (id ? `promo-code-${id}` : 'promo-code-new');
