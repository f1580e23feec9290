/**
 * The payment providers' fees for the books (./provider-fees.ts, docs/operations.md#reports-and-books): each from its
 * own `<PREFIX>_FEE_*` variables, 0 when unset, the sandbox's from SANDBOX_FEE_*; a bad value refuses the start
 * naming its variable.
 */
import { describe, expect, test } from 'vitest';
import { configFailure } from '../testing/config-failure.ts';
import { loadApiConfig } from '../config-check.ts';
import { providerFees } from './provider-fees.ts';
import type { ApiConfig } from '../config.ts';

const PAYME = {
  PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
  PAYME_KEY: 'a-cashbox-key-of-payme-0123456789',
};
const feesOf = (env: NodeJS.ProcessEnv) => providerFees(loadApiConfig(env) as ApiConfig);

describe("a provider's fee", () => {
  test('from its variables; 0 when unset; the sandbox from its own; an unknown name has none', () => {
    const fees = feesOf({
      ...PAYME,
      PAYME_FEE_PERCENT_BP: '150',
      PAYME_FEE_FIXED_MINOR: '500',
      SANDBOX_FEE_PERCENT_BP: '290',
    });
    expect(fees('payme')).toEqual({ percentBp: 150, fixedMinor: 500 });
    expect(fees('sandbox')).toEqual({ percentBp: 290, fixedMinor: 0 });
    expect(fees('click')).toEqual({ percentBp: 0, fixedMinor: 0 });
    expect(fees('mode')).toEqual({ percentBp: 0, fixedMinor: 0 });
    expect(feesOf({ ...PAYME })('payme')).toEqual({ percentBp: 0, fixedMinor: 0 });
  });

  test('a bad value refuses the start, naming its variable', () => {
    expect(configFailure({ ...PAYME, PAYME_FEE_PERCENT_BP: '2.5' })).toContain(
      'PAYME_FEE_PERCENT_BP: expected whole basis points (250 = 2.5 %)',
    );
    expect(configFailure({ ...PAYME, PAYME_FEE_PERCENT_BP: '10001' })).toContain(
      'PAYME_FEE_PERCENT_BP: 0 to 10000',
    );
    expect(configFailure({ SANDBOX_FEE_FIXED_MINOR: '-1' })).toContain('SANDBOX_FEE_FIXED_MINOR: 0 or more');
    // A fee alone turns its provider on: its required settings are asked for.
    expect(configFailure({ STRIPE_FEE_PERCENT_BP: '290' })).toContain('STRIPE_SECRET_KEY');
  });
});
