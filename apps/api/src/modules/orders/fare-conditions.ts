/**
 * The agency's fare rules (docs/after-sale.md) as the API applies them: read from the configuration, shown on
 * every offer (`conditions`) and kept on the order at booking, so that what a traveller agreed to is what a
 * later cancellation gives back even if the fee is changed in between.
 */
import {
  DEFAULT_FARE_RULES,
  fareConditions,
  type FareConditions,
  type FareRules,
} from '@parvoz/core/fare-rules';
import { DEFAULT_RATES, isCurrencyCode, type ExchangeRates } from '@parvoz/core/money';
import type { Offer } from '@parvoz/core/search-types';
import type { ApiConfig } from '../../config.ts';

export function fareRulesOf(config: Pick<ApiConfig, 'standardRefundFeeUsd'>): FareRules {
  return { standardRefundFeeUsdCents: Math.round(config.standardRefundFeeUsd * 100) };
}

export function ratesOf(config: Pick<ApiConfig, 'exchangeRates'>): ExchangeRates {
  return { ...DEFAULT_RATES, ...config.exchangeRates };
}

/** The conditions of an offer for its passengers, in its currency. */
export function offerConditions(
  offer: Pick<Offer, 'fare_family' | 'passengers' | 'total_currency'>,
  config: Pick<ApiConfig, 'standardRefundFeeUsd' | 'exchangeRates'>,
): FareConditions {
  return fareConditions(
    offer.fare_family,
    offer.passengers,
    offer.total_currency,
    fareRulesOf(config),
    ratesOf(config),
  );
}

/**
 * An offer as the API shows it: with its fare conditions — those its supplier states (a real airline's,
 * docs/duffel.md), else the agency's rules for its fare family.
 */
export function withConditions<T extends Offer & { conditions?: FareConditions }>(
  offer: T,
  config: Pick<ApiConfig, 'standardRefundFeeUsd' | 'exchangeRates'>,
): T & { conditions: FareConditions } {
  return { ...offer, conditions: offer.conditions ?? offerConditions(offer, config) };
}

/**
 * The conditions of a booked order: those kept at booking; for an order booked before they were kept, the
 * built-in rules (the order stores no configuration of its time).
 */
export function orderConditions(
  stored: unknown,
  offer: Pick<Offer, 'fare_family' | 'passengers'>,
  currency: string,
): FareConditions {
  if (isFareConditions(stored)) return stored;
  const code = isCurrencyCode(currency) ? currency : 'USD';
  return fareConditions(
    offer.fare_family === 'standard' ? 'standard' : 'light',
    offer.passengers ?? [],
    code,
    DEFAULT_FARE_RULES,
    DEFAULT_RATES,
  );
}

function isFareConditions(value: unknown): value is FareConditions {
  const rule = (value as FareConditions | null)?.refund_before_departure;
  return (
    typeof rule === 'object' &&
    rule !== null &&
    typeof rule.allowed === 'boolean' &&
    (rule.penalty_amount === null || typeof rule.penalty_amount === 'string')
  );
}
