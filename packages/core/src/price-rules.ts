/**
 * The agency's pricing rules (docs/decisions/0025-price-rules-stacking-and-rounding.md): markups on the supplier's
 * fare, service fees shown as a line of their own, and discounts, each scoped to the sales it applies to. Pure: the
 * same offer, rules, moment and rates always give the same price, and the price is exactly the supplier's cost plus
 * markups plus fees less discounts, in minor units.
 *
 * Order (the ADR): every markup, then every fee, then every discount; within a kind by `priority` (lower first),
 * then by id. A matching rule marked `exclusive` ends its kind: the rules of that kind after it do not apply.
 * Rounding (the ADR): every line is rounded half away from zero to its currency's price step (a whole so'm,
 * rouble or lira, a cent of dollars or euros); the markups' total also carries the supplier cost up to that step, so
 * a price in roubles or lira is whole even when the supplier's cost has kopecks or kuruş.
 */
import { convertMoney, type CurrencyCode, type ExchangeRates } from './money.ts';
import type { Cabin, FareFamily, PassengerType } from './vocabulary.ts';

export const PRICE_RULE_KINDS = ['markup', 'service_fee', 'discount'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];

/** The step a price moves in, in minor units: whole so'm (UZS has no minor unit here), roubles and lira; cents. */
export const PRICE_STEP: Readonly<Record<CurrencyCode, number>> = {
  USD: 1,
  EUR: 1,
  RUB: 100,
  TRY: 100,
  UZS: 1,
};

/** A place a rule names: an airport, a city (IATA city code) or a country (ISO 3166 alpha-2). */
export type PlaceMatch = { airport: string } | { city: string } | { country: string };

/** Where an itinerary starts or ends, in every form a rule may name it. */
export interface PlaceOfSale {
  airport: string;
  city: string;
  country: string;
}

/** Which sales a rule applies to: every listed condition must hold; an absent one holds for all. */
export interface PriceRuleScope {
  suppliers?: readonly string[];
  /** Marketing carriers (IATA codes): one of the itinerary's marketing carriers is listed. */
  airlines?: readonly string[];
  origins?: readonly PlaceMatch[];
  destinations?: readonly PlaceMatch[];
  cabins?: readonly Cabin[];
  fareFamilies?: readonly FareFamily[];
  passengerTypes?: readonly PassengerType[];
  currencies?: readonly CurrencyCode[];
  /** The site language the traveller buys in. */
  markets?: readonly string[];
  /** Sold from this instant (inclusive) until that one (exclusive), ISO 8601. */
  saleFrom?: string;
  saleUntil?: string;
  /** Departing on these days (inclusive), YYYY-MM-DD. */
  travelFrom?: string;
  travelUntil?: string;
}

export interface PriceRule {
  id: string;
  kind: PriceRuleKind;
  /** Lower applies first within its kind. */
  priority: number;
  scope: PriceRuleScope;
  /** A percentage in basis points (500 = 5 %) of the matching passengers' supplier cost; 0 or absent for none. */
  percentBp?: number;
  /** A fixed amount in minor units of `fixedCurrency`, converted to the sale currency at the sale's rates. */
  fixed?: { amount: number; currency: CurrencyCode };
  /** `passenger`: applied to each matching passenger; `order`: once, on the matching passengers together. */
  per: 'passenger' | 'order';
  /** The most one application may add (or take off), in minor units of `cap.currency`. */
  cap?: { amount: number; currency: CurrencyCode };
  /** A matching exclusive rule ends its kind: no later rule of the kind applies. */
  exclusive?: boolean;
}

/** One sale to price: the supplier's cost per passenger, in the sale currency. */
export interface PricingInput {
  supplier: string;
  airlines: readonly string[];
  origin: PlaceOfSale;
  destination: PlaceOfSale;
  cabin: Cabin;
  fareFamily: FareFamily;
  /** Each passenger's supplier cost (fare and taxes) in minor units of `currency`. */
  passengers: readonly { type: PassengerType; costMinor: number }[];
  currency: CurrencyCode;
  market: string;
  /** When it is sold (ms since the epoch) and the first departure day (YYYY-MM-DD). */
  saleAt: number;
  departureDate: string;
  rates: ExchangeRates;
}

export interface PriceLine {
  ruleId: string;
  kind: PriceRuleKind;
  /** Minor units of the sale currency: positive for a markup or a fee, negative for a discount. */
  amountMinor: number;
}

export interface Price {
  currency: CurrencyCode;
  supplierCostMinor: number;
  markupMinor: number;
  feeMinor: number;
  /** Taken off (a positive number). */
  discountMinor: number;
  totalMinor: number;
  lines: PriceLine[];
}

/** What is wrong with a rule, in words for the console; empty when it may be saved. */
export function ruleProblems(rule: PriceRule): string[] {
  const problems: string[] = [];
  const percent = rule.percentBp ?? 0;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100_00)
    problems.push('the percentage is a whole number of basis points from 0 to 10000');
  if (rule.fixed && (!Number.isSafeInteger(rule.fixed.amount) || rule.fixed.amount < 0))
    problems.push('the fixed amount is a whole, non-negative number of minor units');
  if (percent === 0 && !rule.fixed?.amount) problems.push('a rule adds or takes off something');
  if (rule.cap && (!Number.isSafeInteger(rule.cap.amount) || rule.cap.amount < 0))
    problems.push('the cap is a whole, non-negative number of minor units');
  if (!Number.isInteger(rule.priority)) problems.push('the priority is a whole number');
  const { saleFrom, saleUntil, travelFrom, travelUntil } = rule.scope;
  if (saleFrom && saleUntil && Date.parse(saleFrom) >= Date.parse(saleUntil))
    problems.push('the sale period ends after it starts');
  if (travelFrom && travelUntil && travelFrom > travelUntil)
    problems.push('the travel period ends after it starts');
  return problems;
}

function placeMatches(place: PlaceOfSale, matches: readonly PlaceMatch[] | undefined): boolean {
  if (!matches) return true;
  return matches.some((m) =>
    'airport' in m
      ? m.airport === place.airport
      : 'city' in m
        ? m.city === place.city
        : m.country === place.country,
  );
}

const listed = <T>(list: readonly T[] | undefined, value: T) => !list || list.includes(value);

/** Whether the rule's scope holds for the sale (its passenger types are checked per passenger). */
export function ruleApplies(scope: PriceRuleScope, input: PricingInput): boolean {
  return (
    listed(scope.suppliers, input.supplier) &&
    (!scope.airlines || input.airlines.some((a) => scope.airlines!.includes(a))) &&
    placeMatches(input.origin, scope.origins) &&
    placeMatches(input.destination, scope.destinations) &&
    listed(scope.cabins, input.cabin) &&
    listed(scope.fareFamilies, input.fareFamily) &&
    listed(scope.currencies, input.currency) &&
    listed(scope.markets, input.market) &&
    (!scope.saleFrom || input.saleAt >= Date.parse(scope.saleFrom)) &&
    (!scope.saleUntil || input.saleAt < Date.parse(scope.saleUntil)) &&
    (!scope.travelFrom || input.departureDate >= scope.travelFrom) &&
    (!scope.travelUntil || input.departureDate <= scope.travelUntil)
  );
}

/** x rounded half away from zero to a multiple of `step` (x ≥ 0). */
const toStep = (x: number, step: number) => Math.floor((x + step / 2) / step) * step;

/** `bp` basis points of `minor`, rounded half away from zero to a minor unit (exact for amounts below 2^53 / 10^4). */
const percentOf = (minor: number, bp: number) => Math.floor((minor * bp + 5_000) / 10_000);

/** What one application of the rule to `costMinor` amounts to, in the sale currency, before rounding to the step. */
function amountOf(rule: PriceRule, costMinor: number, input: PricingInput): number {
  const inSale = (m: { amount: number; currency: CurrencyCode }) =>
    convertMoney(m, input.currency, input.rates).amount;
  const raw = percentOf(costMinor, rule.percentBp ?? 0) + (rule.fixed ? inSale(rule.fixed) : 0);
  return rule.cap ? Math.min(raw, inSale(rule.cap)) : raw;
}

const KIND_ORDER: Record<PriceRuleKind, number> = { markup: 0, service_fee: 1, discount: 2 };

/** The rules in the order they apply (the ADR): kind, then priority, then id. */
export function ruleOrder(rules: readonly PriceRule[]): PriceRule[] {
  return [...rules].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.priority - b.priority ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The price of a sale under the rules. A discount never takes the total below the supplier's cost plus the fees
 * (the agency never pays to sell a ticket); it is cut to that instead.
 */
export function priceSale(input: PricingInput, rules: readonly PriceRule[]): Price {
  const step = PRICE_STEP[input.currency];
  const supplierCostMinor = input.passengers.reduce((sum, p) => sum + p.costMinor, 0);
  const raw: Record<PriceRuleKind, PriceLine[]> = { markup: [], service_fee: [], discount: [] };
  const ended = new Set<PriceRuleKind>();
  for (const rule of ruleOrder(rules)) {
    if (ended.has(rule.kind) || !ruleApplies(rule.scope, input)) continue;
    const matching = input.passengers.filter((p) => listed(rule.scope.passengerTypes, p.type));
    if (matching.length === 0) continue;
    const amount =
      rule.per === 'passenger'
        ? matching.reduce((sum, p) => sum + toStep(amountOf(rule, p.costMinor, input), step), 0)
        : toStep(
            amountOf(
              rule,
              matching.reduce((sum, p) => sum + p.costMinor, 0),
              input,
            ),
            step,
          );
    raw[rule.kind].push({ ruleId: rule.id, kind: rule.kind, amountMinor: amount });
    if (rule.exclusive) ended.add(rule.kind);
  }
  // The markups carry the cost to the price step: their last line takes the difference (or a line of its own).
  const markupRaw = raw.markup.reduce((sum, l) => sum + l.amountMinor, 0);
  // Up, never down: a markup is never below 0 (a discount rule is how a price goes down).
  const carried = Math.ceil((supplierCostMinor + markupRaw) / step) * step - supplierCostMinor - markupRaw;
  if (carried !== 0) {
    if (raw.markup.length > 0) raw.markup[raw.markup.length - 1]!.amountMinor += carried;
    else raw.markup.push({ ruleId: 'rounding', kind: 'markup', amountMinor: carried });
  }
  const markupMinor = markupRaw + carried;
  const feeMinor = raw.service_fee.reduce((sum, l) => sum + l.amountMinor, 0);
  // Discounts, each cut so that together they never take off more than the markups.
  let room = markupMinor;
  const discounts: PriceLine[] = [];
  for (const line of raw.discount) {
    const taken = Math.min(line.amountMinor, Math.max(0, room - (room % step)));
    room -= taken;
    if (taken > 0) discounts.push({ ...line, amountMinor: -taken });
  }
  const discountMinor = discounts.reduce((sum, l) => sum - l.amountMinor, 0);
  return {
    currency: input.currency,
    supplierCostMinor,
    markupMinor,
    feeMinor,
    discountMinor,
    totalMinor: supplierCostMinor + markupMinor + feeMinor - discountMinor,
    lines: [...raw.markup, ...raw.service_fee, ...discounts],
  };
}
