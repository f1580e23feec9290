/**
 * The console's preview of a draft rule (docs/operations.md, "Pricing rules"): the last 30 days' sampled searches
 * (samples.ts) and paid orders priced with the rules in force now and again with the draft among them (in place of
 * the version in force of the rule it edits), through the core's `previewRules`. The draft is tried as if it were
 * in force: its effective time does not matter, its scope (sale and travel periods included) does, each sale at the
 * time it was searched or booked. Amounts in another currency than a sale's convert at today's rates.
 */
import type { Database } from '@parvoz/db';
import { shareInProportion, type ExchangeRates } from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import { previewRules, type RulePreview } from '@parvoz/core/price-preview';
import type { PricingInput } from '@parvoz/core/price-rules';
import type {
  OpsPriceRulePreview,
  OpsPriceRulePreviewFigures,
  OpsPriceRulePreviewInput,
} from '@parvoz/contracts/ops-pricing';
import { ApiFailure } from '../../errors.ts';
import { paidOffersSince, type PaidOffer } from '../orders/index.ts';
import { major, minor, saleOf } from './apply.ts';
import { SAMPLE_DAYS, type StoredSample } from './samples.ts';
import { ruleOf, ruleOfInput, versionsInForce } from './service.ts';
import { allRuleVersions, priceSamplesSince } from './store.ts';

/** The most samples and orders one preview prices (a random sample of the searches' beyond it, the newest orders). */
export const PREVIEW_LIMIT = 50_000;

export interface PreviewDeps {
  db: Database;
  network: Network;
  rates: ExchangeRates;
}

/** The id a new rule's draft is tried under (it has none yet); it orders like any other id among its kind. */
const DRAFT_ID = 'draft';

/** An order as the sale it was: its offer at the supplier's cost (the rules' lines taken back out). */
function saleOfOrder(order: PaidOffer, deps: PreviewDeps): PricingInput | null {
  const { offer } = order;
  if (offer.slices.length === 0 || offer.price_breakdown.length === 0) return null;
  const currency = offer.total_currency;
  const priced = offer.price_breakdown.map((b) => minor(b.total_amount, currency));
  // The supplier's total, shared among the passenger types as the sold price was (exact for a party of one type).
  const supplierTotal = offer.pricing
    ? minor(offer.pricing.supplier_total, currency)
    : priced.reduce((a, b) => a + b, 0);
  const costs = shareInProportion(supplierTotal, priced);
  const lines = offer.price_breakdown.map((b, i) => ({
    type: b.passenger_type,
    count: b.count,
    totalMinor: costs[i]!,
  }));
  return saleOf(
    offer,
    offer.fare_family,
    lines,
    order.supplier ?? 'builtin',
    order.createdAt.getTime(),
    deps,
    order.lang,
  );
}

function figures(preview: RulePreview): OpsPriceRulePreviewFigures {
  return {
    offers: preview.offers,
    changed: preview.changed,
    currencies: preview.currencies.map((c) => ({
      currency: c.currency,
      offers: c.offers,
      changed: c.changed,
      margin_before: major(c.marginBeforeMinor, c.currency),
      margin_after: major(c.marginAfterMinor, c.currency),
      average_before: major(c.averageBeforeMinor, c.currency),
      average_after: major(c.averageAfterMinor, c.currency),
    })),
  };
}

/** The draft tried on the last 30 days up to `now`; a 404 when it edits a rule that does not exist. */
export async function previewDraft(
  deps: PreviewDeps,
  input: OpsPriceRulePreviewInput,
  now: Date,
): Promise<OpsPriceRulePreview> {
  const rows = await allRuleVersions(deps.db);
  if (input.rule_id && !rows.some((row) => row.ruleId === input.rule_id))
    throw new ApiFailure('not_found', 'No such pricing rule.');
  const draft = ruleOfInput(input.rule_id ?? DRAFT_ID, input.rule);
  const rulesNow = versionsInForce(rows, now.getTime()).map(ruleOf);
  const rulesWithDraft = [...rulesNow.filter((rule) => rule.id !== draft.id), draft];
  const from = new Date(now.getTime() - SAMPLE_DAYS * 86_400_000);
  const [samples, orders] = await Promise.all([
    priceSamplesSince(deps.db, from, PREVIEW_LIMIT),
    paidOffersSince(deps.db, from, PREVIEW_LIMIT),
  ]);
  const searched: PricingInput[] = samples.map((row) => ({
    ...(row.input as unknown as StoredSample),
    saleAt: row.sampledAt.getTime(),
    rates: deps.rates,
  }));
  const sold = orders.flatMap((order) => saleOfOrder(order, deps) ?? []);
  return {
    from: from.toISOString(),
    until: now.toISOString(),
    searches: figures(previewRules(searched, rulesNow, rulesWithDraft)),
    orders: figures(previewRules(sold, rulesNow, rulesWithDraft)),
  };
}
