/**
 * The pricing rule form of the console (docs/operations.md#pricing-rules): the fields as the admin types them
 * (a percentage such as "2.5", places such as "TAS, city:IST, country:TR", dates in UTC) and the rule the API
 * takes from them (packages/contracts/src/ops-pricing.ts). The form's schema checks the shape of each field;
 * what only the rule as a whole can say (a rule that adds nothing, an amount the currency cannot hold) is the
 * API's 400, shown at its field too.
 */
import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import {
  opsPriceRuleInputSchema,
  priceRuleScopeSchema,
  type OpsPriceRuleInput,
  type OpsPriceRulePreview,
  type OpsPriceRuleVersion,
} from '@parvoz/contracts/ops-pricing';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import type { MessageKey } from '../../lib/i18n.tsx';

// The contract's vocabularies (the web does not read the core's domain modules).
const optionsOf = <T extends string>(list: { unwrap: () => { element: { options: readonly T[] } } }) =>
  list.unwrap().element.options as [T, ...T[]];
export const PRICE_RULE_KINDS = opsPriceRuleInputSchema.shape.kind.options;
export const CABINS = optionsOf(priceRuleScopeSchema.shape.cabins);
export const FARE_FAMILIES = optionsOf(priceRuleScopeSchema.shape.fare_families);
export const PASSENGER_TYPES = optionsOf(priceRuleScopeSchema.shape.passenger_types);
export { CURRENCIES };

/** A field left empty: nothing (the rule holds for every value of it). */
const optional = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]).optional();
/** Ticked boxes of one name: none, one (a lone value) or several. */
const boxes = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values)).max(values.length),
  );

const SUPPLIER = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const PLACE = /^(?:(?:airport:)?[A-Z0-9]{3}|city:[A-Z0-9]{3}|country:[A-Z]{2})$/;
const AIRLINE = /^[A-Z0-9]{2}$/;

/** A comma list's items, trimmed and upper-cased (prefixes stay lower-case), empty items dropped. */
export function listItems(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [prefix, code] = item.includes(':') ? item.split(':', 2) : ['', item];
      return prefix ? `${prefix!.trim().toLowerCase()}:${code!.trim().toUpperCase()}` : code!.toUpperCase();
    });
}

/** A comma list of supplier ids as the registry names them (lower-case: builtin, duffel). */
export const supplierItems = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
const suppliers = optional(
  z.string().refine((text) => supplierItems(text).every((i) => SUPPLIER.test(i)), 'suppliers'),
);
const places = optional(z.string().refine((text) => listItems(text).every((i) => PLACE.test(i)), 'places'));
const airlines = optional(
  z.string().refine((text) => listItems(text).every((i) => AIRLINE.test(i)), 'airlines'),
);
const amount = optional(
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(?:[.,]\d{1,2})?$/, 'amount'),
);
const currency = z.union([z.literal(''), z.enum(CURRENCIES)]).optional();
/** A time in UTC as the browser's date-and-time field sends it ("2026-12-07T10:00"). */
const utcTime = optional(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/, 'date'));
const day = optional(z.iso.date('date'));

export const priceRuleFormSchema = z
  .object({
    kind: z.enum(PRICE_RULE_KINDS, 'invalid'),
    priority: z
      .string()
      .trim()
      .regex(/^-?\d{1,7}$/, 'priority'),
    percent: optional(
      z
        .string()
        .trim()
        .regex(/^\d{1,3}(?:[.,]\d{1,2})?$/, 'percent')
        .refine((text) => Number(text.replace(',', '.')) <= 100, 'percent'),
    ),
    fixed_amount: amount,
    fixed_currency: currency,
    per: z.enum(['passenger', 'order'], 'invalid'),
    cap_amount: amount,
    cap_currency: currency,
    exclusive: z.literal('on').optional(),
    suppliers,
    origins: places,
    destinations: places,
    airlines,
    cabins: boxes(CABINS),
    fare_families: boxes(FARE_FAMILIES),
    passenger_types: boxes(PASSENGER_TYPES),
    currencies: boxes(CURRENCIES),
    // The site languages the rule prices for (docs/operations.md, "Markets").
    markets: boxes(LOCALES),
    sale_from: utcTime,
    sale_until: utcTime,
    travel_from: day,
    travel_until: day,
    effective_from: utcTime,
  })
  .superRefine((form, ctx) => {
    // An amount says in which currency; a currency alone is no amount.
    for (const name of ['fixed', 'cap'] as const) {
      const sum = form[`${name}_amount`];
      const money = form[`${name}_currency`];
      if (sum && !money) ctx.addIssue({ code: 'custom', path: [`${name}_currency`], message: 'currency' });
      if (!sum && money) ctx.addIssue({ code: 'custom', path: [`${name}_amount`], message: 'amount' });
    }
  });
export type PriceRuleFormSchema = typeof priceRuleFormSchema;
export type PriceRuleForm = z.output<typeof priceRuleFormSchema>;
/** The form's fields as it names them: typed text, or the values of ticked boxes. */
export type PriceRuleFormFields = Partial<Record<keyof PriceRuleForm, string | string[]>>;

// The console has no JavaScript budget: the form's schema comes with the page.
export const loadPriceRuleFormSchema = async () => priceRuleFormSchema;

/** "TAS" or "airport:TAS", "city:IST", "country:TR" as the API's place. */
export function placeOf(item: string) {
  const [prefix, code] = item.includes(':') ? (item.split(':') as [string, string]) : ['airport', item];
  if (prefix === 'city') return { city: code };
  if (prefix === 'country') return { country: code };
  return { airport: code };
}

const major = (text: string) => text.replace(',', '.');
const utc = (text: string | undefined) => (text ? `${text}${text.length === 16 ? ':00' : ''}Z` : undefined);
const some = <T>(items: T[]) => (items.length > 0 ? items : undefined);

/** The rule the API takes (a new rule, or the whole rule again as its next version). */
export function ruleInputOf(form: PriceRuleForm): OpsPriceRuleInput {
  const percent = form.percent ? Math.round(Number(major(form.percent)) * 100) : 0;
  const money = (sum: string | undefined, code: PriceRuleForm['fixed_currency']) =>
    sum && code ? { amount: major(sum), currency: code } : null;
  const scope = {
    suppliers: some(supplierItems(form.suppliers)),
    origins: some(listItems(form.origins).map(placeOf)),
    destinations: some(listItems(form.destinations).map(placeOf)),
    airlines: some(listItems(form.airlines)),
    cabins: some(form.cabins),
    fare_families: some(form.fare_families),
    passenger_types: some(form.passenger_types),
    currencies: some(form.currencies),
    markets: some(form.markets),
    sale_from: utc(form.sale_from),
    sale_until: utc(form.sale_until),
    travel_from: form.travel_from || undefined,
    travel_until: form.travel_until || undefined,
  };
  const effective = utc(form.effective_from);
  return {
    kind: form.kind,
    priority: Number(form.priority),
    scope: Object.fromEntries(Object.entries(scope).filter(([, v]) => v !== undefined)),
    percent_bp: percent,
    fixed: money(form.fixed_amount, form.fixed_currency),
    per: form.per,
    cap: money(form.cap_amount, form.cap_currency),
    exclusive: form.exclusive === 'on',
    ...(effective ? { effective_from: effective } : {}),
  };
}

/** A place of a rule's scope as the form writes it ("TAS", "city:IST", "country:TR"). */
export function placeText(place: { airport: string } | { city: string } | { country: string }): string {
  if ('airport' in place) return place.airport;
  return 'city' in place ? `city:${place.city}` : `country:${place.country}`;
}

/** A percentage of basis points as typed ("5", "2.5"). */
export const percentText = (bp: number) => String(bp / 100);

/** The form's first values: a new rule's usual markup per passenger, or the version shown again. */
export function priceRuleDefaults(version: OpsPriceRuleVersion | null): PriceRuleFormFields {
  if (!version) return { kind: 'markup', priority: '0', per: 'passenger' };
  const { scope } = version;
  return {
    kind: version.kind,
    priority: String(version.priority),
    percent: version.percent_bp ? percentText(version.percent_bp) : '',
    fixed_amount: version.fixed?.amount ?? '',
    fixed_currency: version.fixed?.currency ?? '',
    per: version.per,
    cap_amount: version.cap?.amount ?? '',
    cap_currency: version.cap?.currency ?? '',
    ...(version.exclusive ? { exclusive: 'on' as const } : {}),
    suppliers: (scope.suppliers ?? []).join(', '),
    origins: (scope.origins ?? []).map(placeText).join(', '),
    destinations: (scope.destinations ?? []).map(placeText).join(', '),
    airlines: (scope.airlines ?? []).join(', '),
    cabins: scope.cabins ?? [],
    fare_families: scope.fare_families ?? [],
    passenger_types: scope.passenger_types ?? [],
    currencies: scope.currencies ?? [],
    markets: scope.markets ?? [],
    sale_from: scope.sale_from ? scope.sale_from.slice(0, 16) : '',
    sale_until: scope.sale_until ? scope.sale_until.slice(0, 16) : '',
    travel_from: scope.travel_from ?? '',
    travel_until: scope.travel_until ?? '',
  };
}

/** The core's problems of a whole rule (packages/core/src/price-rules.ts ruleProblems): the field each is about. */
const PROBLEM_FIELDS: [RegExp, string, string][] = [
  [/^the percentage/, 'percent', 'percent'],
  [/^a rule adds or takes off something/, 'percent', 'nothing'],
  [/^the fixed amount/, 'fixed_amount', 'amount'],
  [/^the cap/, 'cap_amount', 'amount'],
  [/^the priority/, 'priority', 'priority'],
  [/^the sale period/, 'sale_until', 'period'],
  [/^the travel period/, 'travel_until', 'period'],
];

/** The API's body field (a form name such as `scope.origins[0].city`, `fixed.amount`) as the form's field. */
export function formFieldOf(name: string): string {
  const [head, sub] = name.replace(/\[\d+\].*$/, '').split('.') as [string, string | undefined];
  if (head === 'scope') return sub ?? '';
  if (head === 'percent_bp') return 'percent';
  if (head === 'fixed' || head === 'cap') return `${head}_${sub === 'currency' ? 'currency' : 'amount'}`;
  return head;
}

/**
 * The API's errors of a refused rule (by form field, as `apiFieldErrors` reads them) as the form's: each
 * problem of the whole rule at the field it is about, an amount its currency cannot hold as its own code.
 */
export function ruleFieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, code: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(code)) list.push(code);
  };
  for (const [name, messages] of Object.entries(errors)) {
    for (const message of messages) {
      if (name !== '') {
        add(formFieldOf(name), /^not an amount of/.test(message) ? 'amount_currency' : 'invalid');
        continue;
      }
      for (const problem of message.split('; ')) {
        const found = PROBLEM_FIELDS.find(([pattern]) => pattern.test(problem));
        add(found ? found[1] : '', found ? found[2] : 'invalid');
      }
    }
  }
  return out;
}

/**
 * The page's answer to a post: what was done, the refusal (with the errors of the form that was sent), or a form's
 * draft tried on the last 30 days (with what was typed, so the form keeps it).
 */
export type PriceRuleActionResult =
  | { done: MessageKey }
  | { problem: MessageKey; formId?: string; submission?: SubmissionResult }
  | { preview: OpsPriceRulePreview; formId: string; submission: SubmissionResult };

/** The button that asks for a preview instead of saving (its name, posted with the form's fields). */
export const PREVIEW_FIELD = 'preview';

/** The id of a rule's edit form, or the new rule's. */
export const ruleFormId = (id: string | null) => (id ? `price-rule-${id}` : 'price-rule-new');
