/**
 * The console's shapes of what pricing rules and promo codes share (docs/decisions/0025-price-rules-stacking-and-rounding.md,
 * 0029-promo-codes.md): a scope in the console's snake_case and the core's camelCase, amounts in major units and
 * minor, and the 400 of an input the core refuses.
 */
import { fromMajorString, toMajorString, type CurrencyCode } from '@parvoz/core/money';
import type { PriceRuleScope } from '@parvoz/core/price-rules';
import type { PriceRuleScopeInput } from '@parvoz/contracts/ops-pricing';
import { ApiFailure } from '../../errors.ts';

/** The 400 `validation_failed` of a console input, its message at `path`. */
export const invalidInput = (message: string, path = ''): ApiFailure =>
  new ApiFailure('validation_failed', 'The request is not valid.', [{ in: 'body', path, message }]);

/** Minor units of a major-unit amount, refused when the currency has fewer decimals (so'm have none). */
export function minorAmountOf(value: { amount: string; currency: CurrencyCode }, path: string) {
  const minor = fromMajorString(value.amount, value.currency);
  if (!minor) throw invalidInput(`not an amount of ${value.currency}`, path);
  return { amount: minor.amount, currency: value.currency };
}

/** A stored amount in major units for the console; null when there is none. */
export const majorMoney = (amount: number | null, currency: string | null) =>
  amount !== null && currency
    ? {
        amount: toMajorString({ amount, currency: currency as CurrencyCode }),
        currency: currency as CurrencyCode,
      }
    : null;

/** The input as the core's rule scope (the console's snake_case names, the core's camelCase). */
export function coreScopeOf(scope: PriceRuleScopeInput): PriceRuleScope {
  const entries: [keyof PriceRuleScope, unknown][] = [
    ['suppliers', scope.suppliers],
    ['airlines', scope.airlines],
    ['origins', scope.origins],
    ['destinations', scope.destinations],
    ['cabins', scope.cabins],
    ['fareFamilies', scope.fare_families],
    ['passengerTypes', scope.passenger_types],
    ['currencies', scope.currencies],
    ['markets', scope.markets],
    ['saleFrom', scope.sale_from && new Date(scope.sale_from).toISOString()],
    ['saleUntil', scope.sale_until && new Date(scope.sale_until).toISOString()],
    ['travelFrom', scope.travel_from],
    ['travelUntil', scope.travel_until],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as PriceRuleScope;
}

/** A stored scope as the console shows it. */
export function consoleScopeOf(scope: PriceRuleScope): PriceRuleScopeInput {
  return {
    ...(scope.suppliers ? { suppliers: [...scope.suppliers] } : {}),
    ...(scope.airlines ? { airlines: [...scope.airlines] } : {}),
    ...(scope.origins ? { origins: [...scope.origins] } : {}),
    ...(scope.destinations ? { destinations: [...scope.destinations] } : {}),
    ...(scope.cabins ? { cabins: [...scope.cabins] } : {}),
    ...(scope.fareFamilies ? { fare_families: [...scope.fareFamilies] } : {}),
    ...(scope.passengerTypes ? { passenger_types: [...scope.passengerTypes] } : {}),
    ...(scope.currencies ? { currencies: [...scope.currencies] } : {}),
    ...(scope.markets ? { markets: [...scope.markets] as PriceRuleScopeInput['markets'] } : {}),
    ...(scope.saleFrom ? { sale_from: scope.saleFrom } : {}),
    ...(scope.saleUntil ? { sale_until: scope.saleUntil } : {}),
    ...(scope.travelFrom ? { travel_from: scope.travelFrom } : {}),
    ...(scope.travelUntil ? { travel_until: scope.travelUntil } : {}),
  };
}
