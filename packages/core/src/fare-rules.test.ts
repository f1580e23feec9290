import { describe, expect, test } from 'vitest';
import { fareConditions, firstDeparture, quoteRefund, type FareConditions } from './fare-rules.ts';
import { DEFAULT_RATES } from './money.ts';

const RULES = { standardRefundFeeUsdCents: 2500 };
const adult = { type: 'adult' as const };
const infant = { type: 'infant' as const };
const DEPARTS = Date.parse('2026-12-15T08:40:00+05:00');
const BEFORE = DEPARTS - 3600_000;

describe('fare conditions', () => {
  test('light: the fare is not refundable, the taxes are', () => {
    expect(fareConditions('light', [adult], 'USD', RULES, DEFAULT_RATES)).toEqual({
      refund_before_departure: {
        allowed: false,
        penalty_amount: null,
        penalty_currency: null,
        taxes_refundable: true,
      },
    });
  });

  test('standard: refundable less the fee per seated passenger, converted to the order currency', () => {
    const usd = fareConditions('standard', [adult, adult, infant], 'USD', RULES, DEFAULT_RATES);
    expect(usd.refund_before_departure).toMatchObject({
      allowed: true,
      penalty_amount: '50.00',
      penalty_currency: 'USD',
    });
    const uzs = fareConditions('standard', [adult], 'UZS', RULES, DEFAULT_RATES);
    expect(uzs.refund_before_departure).toMatchObject({ penalty_amount: '317500', penalty_currency: 'UZS' });
    const free = fareConditions('standard', [adult], 'EUR', { standardRefundFeeUsdCents: 0 }, DEFAULT_RATES);
    expect(free.refund_before_departure.penalty_amount).toBe('0.00');
  });

  test('business: refundable less the fee like standard; Business Flex without a fee', () => {
    const business = fareConditions('business', [adult, infant], 'USD', RULES, DEFAULT_RATES);
    expect(business.refund_before_departure).toMatchObject({ allowed: true, penalty_amount: '25.00' });
    const flex = fareConditions('business_flex', [adult, adult], 'USD', RULES, DEFAULT_RATES);
    expect(flex.refund_before_departure).toMatchObject({ allowed: true, penalty_amount: '0.00' });
  });
});

describe('refund quotes', () => {
  const light = fareConditions('light', [adult], 'USD', RULES, DEFAULT_RATES);
  const standard = fareConditions('standard', [adult], 'USD', RULES, DEFAULT_RATES);
  const order = (conditions: FareConditions) => ({
    currency: 'USD' as const,
    paidMinor: 41_250,
    taxMinor: 3_300,
    conditions,
    departsAt: DEPARTS,
  });

  test('light gives back the taxes only', () => {
    expect(quoteRefund(order(light), BEFORE)).toEqual({
      ok: true,
      amount: { amount: 3_300, currency: 'USD' },
      rule: 'taxes_only',
      kept: { amount: 37_950, currency: 'USD' },
      serviceFeeReturned: false,
    });
  });

  describe('the service fee (docs/operations.md#cancellations-and-refunds)', () => {
    const flex = fareConditions('business_flex', [adult], 'USD', RULES, DEFAULT_RATES);
    const withFee = (conditions: FareConditions) => ({ ...order(conditions), serviceFeeMinor: 1_500 });

    test('kept on a voluntary refund of part of the fare: the penalty and the fee come out of the fare', () => {
      expect(quoteRefund(withFee(standard), BEFORE)).toMatchObject({
        amount: { amount: 41_250 - 2_500 - 1_500 },
        kept: { amount: 2_500 + 1_500 },
        serviceFeeReturned: false,
      });
      // Never out of the taxes.
      expect(quoteRefund({ ...withFee(standard), paidMinor: 5_000 }, BEFORE)).toMatchObject({
        amount: { amount: 3_300 },
        serviceFeeReturned: false,
      });
    });

    test('kept when only the taxes come back', () => {
      expect(quoteRefund(withFee(light), BEFORE)).toMatchObject({
        amount: { amount: 3_300 },
        kept: { amount: 37_950 },
        serviceFeeReturned: false,
      });
    });

    test('returned with the whole fare: everything paid comes back', () => {
      expect(quoteRefund(withFee(flex), BEFORE)).toMatchObject({
        amount: { amount: 41_250 },
        kept: { amount: 0 },
        rule: 'fare_minus_penalty',
        serviceFeeReturned: true,
      });
    });
  });

  test('standard gives back what was paid less the fee, never less than the taxes', () => {
    expect(quoteRefund(order(standard), BEFORE)).toMatchObject({
      ok: true,
      amount: { amount: 38_750, currency: 'USD' },
      rule: 'fare_minus_penalty',
      kept: { amount: 2_500, currency: 'USD' },
    });
    const cheap = { ...order(standard), paidMinor: 4_000 };
    expect(quoteRefund(cheap, BEFORE)).toMatchObject({ amount: { amount: 3_300 } });
  });

  test('nothing can be cancelled from the first departure on', () => {
    expect(quoteRefund(order(standard), DEPARTS)).toEqual({ ok: false, reason: 'departed' });
    expect(quoteRefund(order(light), DEPARTS + 1)).toEqual({ ok: false, reason: 'departed' });
  });

  test('a fee that cannot be read in the order currency gives back the taxes only (never more than agreed)', () => {
    const foreign: FareConditions = {
      refund_before_departure: { ...standard.refund_before_departure, penalty_currency: 'EUR' },
    };
    expect(quoteRefund(order(foreign), BEFORE)).toMatchObject({
      amount: { amount: 3_300 },
      rule: 'taxes_only',
    });
    const negative: FareConditions = {
      refund_before_departure: { ...standard.refund_before_departure, penalty_amount: '-5.00' },
    };
    expect(quoteRefund(order(negative), BEFORE)).toMatchObject({ amount: { amount: 3_300 } });
  });

  test('the amount is always between 0 and what was paid', () => {
    for (const paidMinor of [0, 1, 2_499, 2_500, 3_300, 10_000_000]) {
      for (const [taxMinor, serviceFeeMinor] of [
        [0, 0],
        [3_300, 0],
        [3_300, 1_500],
        [20_000_000, 1_500],
      ] as const) {
        for (const conditions of [light, standard]) {
          const quote = quoteRefund({ ...order(conditions), paidMinor, taxMinor, serviceFeeMinor }, BEFORE);
          if (!quote.ok) throw new Error('departed');
          expect(quote.amount.amount).toBeGreaterThanOrEqual(0);
          expect(quote.amount.amount).toBeLessThanOrEqual(paidMinor);
          expect(quote.amount.amount + quote.kept.amount).toBe(paidMinor);
        }
      }
    }
  });

  test('the first departure is read with its offset', () => {
    expect(firstDeparture([{ departing_at: '2026-12-15T08:40:00+05:00' }])).toBe(
      Date.UTC(2026, 11, 15, 3, 40),
    );
    expect(() => firstDeparture([])).toThrow(RangeError);
  });
});
