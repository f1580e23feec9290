/**
 * The console's pricing rules (docs/decisions/0025-price-rules-stacking-and-rounding.md): requests and answers of
 * /v1/ops/price-rules (admins only). A rule as the console writes it: the core's `PriceRule`
 * (packages/core/src/price-rules.ts) in snake_case, amounts as major-unit strings like every amount on the wire.
 * What the shape alone cannot say (a rule that adds nothing, a period that ends before it starts) the API asks
 * the core's `ruleProblems` and refuses with the same 400.
 */
import { z } from 'zod';
import { CURRENCIES } from '@parvoz/core/money';
import { PRICE_RULE_KINDS } from '@parvoz/core/price-rules';
import { CABINS, FARE_FAMILIES, PASSENGER_TYPES } from '@parvoz/core/vocabulary';
import { LOCALES } from '@parvoz/i18n/locales';

const instant = z.iso.datetime({ offset: true });
/** A non-negative amount in major units: at most two decimals (so'm have none; the API checks per currency). */
const majorAmount = z.string().regex(/^\d{1,12}(?:\.\d{1,2})?$/, 'an amount such as 12 or 12.50');
const moneySchema = z.object({ amount: majorAmount, currency: z.enum(CURRENCIES) });

const code = (letters: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[A-Z0-9]{${letters}}$`), `a ${letters}-character code`);
const placeSchema = z.union([
  z.object({ airport: code(3) }).strict(),
  z.object({ city: code(3) }).strict(),
  z.object({ country: code(2) }).strict(),
]);
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(200).optional();

/** Which sales a rule applies to: every condition given must hold; one left out holds for every sale. */
export const priceRuleScopeSchema = z
  .object({
    suppliers: list(z.string().trim().min(1).max(40)),
    airlines: list(code(2)),
    origins: list(placeSchema),
    destinations: list(placeSchema),
    cabins: list(z.enum(CABINS)),
    fare_families: list(z.enum(FARE_FAMILIES)),
    passenger_types: list(z.enum(PASSENGER_TYPES)),
    currencies: list(z.enum(CURRENCIES)),
    markets: list(z.enum(LOCALES)),
    sale_from: instant.optional(),
    sale_until: instant.optional(),
    travel_from: z.iso.date().optional(),
    travel_until: z.iso.date().optional(),
  })
  .strict();
export type PriceRuleScopeInput = z.infer<typeof priceRuleScopeSchema>;

/**
 * POST /v1/ops/price-rules (a new rule) and PUT /v1/ops/price-rules/{id} (its next version, the whole rule again).
 * `effective_from`: when the version starts to apply; left out, as soon as every instance has it (the API says
 * when).
 */
export const opsPriceRuleInputSchema = z
  .object({
    kind: z.enum(PRICE_RULE_KINDS),
    priority: z.number().int().min(-1_000_000).max(1_000_000),
    scope: priceRuleScopeSchema.default({}),
    percent_bp: z.number().int().min(0).max(10_000).default(0),
    fixed: moneySchema.nullable().optional(),
    per: z.enum(['passenger', 'order']),
    cap: moneySchema.nullable().optional(),
    exclusive: z.boolean().default(false),
    effective_from: instant.optional(),
  })
  .strict();
export type OpsPriceRuleInput = z.infer<typeof opsPriceRuleInputSchema>;

/** POST /v1/ops/price-rules/{id}/retire: from when the rule applies no more (left out: as soon as it can). */
export const opsPriceRuleRetireSchema = z.object({ effective_from: instant.optional() }).strict();

export const opsPriceRuleParamsSchema = z.object({ id: z.uuid() });

/** One version of a rule, as written: who wrote it and when, from when it applies. */
export const opsPriceRuleVersionSchema = z.object({
  version: z.number().int(),
  kind: z.enum(PRICE_RULE_KINDS),
  priority: z.number().int(),
  scope: priceRuleScopeSchema,
  percent_bp: z.number().int(),
  fixed: moneySchema.nullable(),
  per: z.enum(['passenger', 'order']),
  cap: moneySchema.nullable(),
  exclusive: z.boolean(),
  effective_from: instant,
  /** Set on the version that retires the rule. */
  retired: z.boolean(),
  author_user_id: z.uuid().nullable(),
  created_at: instant,
});
export type OpsPriceRuleVersion = z.infer<typeof opsPriceRuleVersionSchema>;

/** A rule: the version in force now (null before its first applies, or once retired) and every version. */
export const opsPriceRuleSchema = z.object({
  id: z.uuid(),
  in_force: opsPriceRuleVersionSchema.nullable(),
  /** Newest first. */
  versions: z.array(opsPriceRuleVersionSchema).min(1),
});
export type OpsPriceRule = z.infer<typeof opsPriceRuleSchema>;

export const opsPriceRulesResponseSchema = z.object({ data: z.array(opsPriceRuleSchema) });
export const opsPriceRuleResponseSchema = z.object({ data: opsPriceRuleSchema });

/**
 * POST /v1/ops/price-rules/preview: a rule as it would be written (the very input of a create or an edit), tried on
 * the last 30 days before it is saved; `rule_id` when editing, so the draft takes the place of that rule's version
 * in force.
 */
export const opsPriceRulePreviewInputSchema = z
  .object({ rule: opsPriceRuleInputSchema, rule_id: z.uuid().optional() })
  .strict();
export type OpsPriceRulePreviewInput = z.infer<typeof opsPriceRulePreviewInputSchema>;

/** One currency's sales: the agency's margin (price less the supplier's cost) in total and per sale, before and after. */
const previewCurrencySchema = z.object({
  currency: z.enum(CURRENCIES),
  offers: z.number().int(),
  changed: z.number().int(),
  margin_before: z.string(),
  margin_after: z.string(),
  average_before: z.string(),
  average_after: z.string(),
});

/** Sales tried (offers shown in searches, or orders) and how many the draft prices differently. */
const previewFiguresSchema = z.object({
  offers: z.number().int(),
  changed: z.number().int(),
  /** By currency code; amounts of different currencies are never added together. */
  currencies: z.array(previewCurrencySchema),
});
export type OpsPriceRulePreviewFigures = z.infer<typeof previewFiguresSchema>;

export const opsPriceRulePreviewResponseSchema = z.object({
  data: z.object({
    /** The period replayed: the last 30 days. */
    from: instant,
    until: instant,
    /** A sample of the offers searches showed (the cheapest few of each search). */
    searches: previewFiguresSchema,
    /** The orders paid in the period, from the supplier's cost of their offers. */
    orders: previewFiguresSchema,
  }),
});
export type OpsPriceRulePreview = z.infer<typeof opsPriceRulePreviewResponseSchema>['data'];
