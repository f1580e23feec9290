/**
 * A pricing rule tried on past sales before it is saved (docs/operations.md, "Pricing rules"): each sale priced
 * with the rules in force now and again with the draft among them, and what changes — how many prices, and the
 * agency's margin (price less the supplier's cost) before and after, per currency. Pure: the API hands in the
 * sampled searches and the recent orders as the core's `PricingInput`s.
 *
 * A sale no rule changes is sold at the supplier's price, as the API sells it (apps/api/src/modules/pricing/apply.ts:
 * the step's rounding alone changes nothing), so its margin is 0. Totals are exact sums in minor units; amounts in
 * different currencies are never added together.
 */
import type { CurrencyCode } from './money.ts';
import { priceSale, type PriceRule, type PricingInput } from './price-rules.ts';

/** One currency's sales: their margins before and after the draft, in minor units of that currency. */
export interface PreviewMargins {
  currency: CurrencyCode;
  /** Sales in this currency, and how many of them the draft prices differently. */
  offers: number;
  changed: number;
  marginBeforeMinor: number;
  marginAfterMinor: number;
  /** The margin per sale, rounded half away from zero to a minor unit. */
  averageBeforeMinor: number;
  averageAfterMinor: number;
}

export interface RulePreview {
  /** Every sale tried, and how many of them the draft prices differently. */
  offers: number;
  changed: number;
  /** One entry per currency met, by currency code. */
  currencies: PreviewMargins[];
}

/** What a sale is sold for under the rules: the supplier's price when no rule changes it. */
export function agencyTotal(input: PricingInput, rules: readonly PriceRule[]): number {
  const price = priceSale(input, rules);
  return price.lines.some((line) => line.ruleId !== 'rounding') ? price.totalMinor : price.supplierCostMinor;
}

/** `total / count` rounded half away from zero (count > 0). */
function average(total: number, count: number): number {
  const magnitude = Math.floor((2 * Math.abs(total) + count) / (2 * count));
  return total < 0 ? -magnitude : magnitude;
}

/**
 * The sales priced under `rulesNow` and under `rulesWithDraft` (the rules now with the draft added, or in place of
 * the version it edits): how many prices change and the margins before and after, per currency.
 */
export function previewRules(
  samples: readonly PricingInput[],
  rulesNow: readonly PriceRule[],
  rulesWithDraft: readonly PriceRule[],
): RulePreview {
  const byCurrency = new Map<
    CurrencyCode,
    Omit<PreviewMargins, 'averageBeforeMinor' | 'averageAfterMinor'>
  >();
  let changed = 0;
  for (const sample of samples) {
    const cost = sample.passengers.reduce((sum, p) => sum + p.costMinor, 0);
    const before = agencyTotal(sample, rulesNow);
    const after = agencyTotal(sample, rulesWithDraft);
    let entry = byCurrency.get(sample.currency);
    if (!entry) {
      entry = { currency: sample.currency, offers: 0, changed: 0, marginBeforeMinor: 0, marginAfterMinor: 0 };
      byCurrency.set(sample.currency, entry);
    }
    entry.offers += 1;
    entry.marginBeforeMinor += before - cost;
    entry.marginAfterMinor += after - cost;
    if (after !== before) {
      entry.changed += 1;
      changed += 1;
    }
  }
  const currencies = [...byCurrency.values()]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((entry) => ({
      ...entry,
      averageBeforeMinor: average(entry.marginBeforeMinor, entry.offers),
      averageAfterMinor: average(entry.marginAfterMinor, entry.offers),
    }));
  return { offers: samples.length, changed, currencies };
}
