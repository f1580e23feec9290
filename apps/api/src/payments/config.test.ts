/**
 * iyzico's and Stripe's variables (docs/payment-providers.md): validated at start, naming the variable; half
 * a provider's configuration is refused; with none set only the sandbox is offered, as before.
 */
import { describe, expect, test } from 'vitest';
import { loadApiConfig } from '../config-check.ts';
import type { ApiConfig } from '../config.ts';
import { paymentProviders } from './index.ts';
import { offeredProviders } from './selection.ts';
import { configFailure } from '../testing/config-failure.ts';

const withKeys = (env: NodeJS.ProcessEnv) =>
  ({
    ...loadApiConfig(env),
    offerSecret: 'o'.repeat(32),
    paymentWebhookSecret: 'w'.repeat(32),
  }) as ApiConfig;

describe('card provider configuration', () => {
  test('half a provider is refused at start, by variable name', () => {
    expect(configFailure({ IYZICO_API_KEY: 'sandbox-key-0123' })).toContain('IYZICO_SECRET_KEY');
    expect(configFailure({ IYZICO_SECRET_KEY: 'sandbox-secret-0123' })).toContain('IYZICO_API_KEY');
    expect(configFailure({ IYZICO_BASE_URL: 'https://sandbox-api.iyzipay.com' })).toContain('IYZICO_API_KEY');
    expect(configFailure({ STRIPE_SECRET_KEY: 'sk_test_0123456789' })).toContain('STRIPE_WEBHOOK_SECRET');
    expect(configFailure({ STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' })).toContain('STRIPE_SECRET_KEY');
  });

  test('malformed values are refused', () => {
    expect(
      configFailure({ STRIPE_SECRET_KEY: 'pk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' }),
    ).toContain('STRIPE_SECRET_KEY');
    expect(
      configFailure({ STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'secret' }),
    ).toContain('STRIPE_WEBHOOK_SECRET');
    expect(
      configFailure({
        IYZICO_API_KEY: 'sandbox-key-0123',
        IYZICO_SECRET_KEY: 'sandbox-secret-0123',
        IYZICO_BASE_URL: 'ftp://x',
      }),
    ).toContain('IYZICO_BASE_URL');
    expect(
      configFailure({
        STRIPE_SECRET_KEY: 'sk_test_0123456789',
        STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
        STRIPE_API_BASE: 'http://h/v1',
      }),
    ).toContain('STRIPE_API_BASE');
  });

  test('nothing set: only the sandbox, for every currency', () => {
    const providers = paymentProviders(withKeys({}));
    expect([...providers.keys()]).toEqual(['sandbox']);
    for (const currency of ['TRY', 'USD', 'UZS'])
      expect(offeredProviders(providers, currency)[0]).toBe('sandbox');
  });

  test('configured: iyzico for TRY, Stripe for the other currencies; iyzico alone leaves the others on the sandbox', () => {
    const both = paymentProviders(
      withKeys({
        IYZICO_API_KEY: 'sandbox-key-0123',
        IYZICO_SECRET_KEY: 'sandbox-secret-0123',
        STRIPE_SECRET_KEY: 'sk_test_0123456789',
        STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
      }),
    );
    expect([...both.keys()].sort()).toEqual(['iyzico', 'sandbox', 'stripe']);
    expect(offeredProviders(both, 'TRY')[0]).toBe('iyzico');
    expect(offeredProviders(both, 'USD')[0]).toBe('stripe');
    expect(offeredProviders(both, 'UZS')[0]).toBe('stripe');
    const iyzicoOnly = paymentProviders(
      withKeys({ IYZICO_API_KEY: 'sandbox-key-0123', IYZICO_SECRET_KEY: 'sandbox-secret-0123' }),
    );
    expect(offeredProviders(iyzicoOnly, 'TRY')[0]).toBe('iyzico');
    expect(offeredProviders(iyzicoOnly, 'EUR')[0]).toBe('sandbox');
  });
});

describe('live mode (docs/operations.md, "Demo and live mode")', () => {
  const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_0123456789ab', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789ab' };
  const DUFFEL = { DUFFEL_ACCESS_TOKEN: 'duffel_test_0123456789abcdef' };

  test('the sandbox is not registered, so no currency is ever offered it', () => {
    const live = paymentProviders(withKeys({ PARVOZ_MODE: 'live', ...DUFFEL, ...STRIPE }));
    expect([...live.keys()]).toEqual(['stripe']);
    for (const currency of ['UZS', 'USD', 'EUR', 'RUB', 'TRY'])
      expect(offeredProviders(live, currency)).toEqual(['stripe']);
    expect([...paymentProviders(withKeys({ ...STRIPE })).keys()]).toEqual(['sandbox', 'stripe']);
  });

  test('a currency no configured provider takes is offered nothing (refused at payment), never the sandbox', () => {
    const payme = {
      PAYME_MERCHANT_ID: '0123456789abcdef01234567',
      PAYME_KEY: 'payme-key-0123456789',
    };
    const live = paymentProviders(withKeys({ PARVOZ_MODE: 'live', ...DUFFEL, ...payme }));
    expect(offeredProviders(live, 'UZS')).toEqual(['payme']);
    expect(offeredProviders(live, 'USD')).toEqual([]);
    // The same configuration in demo mode: the sandbox, as before.
    expect(offeredProviders(paymentProviders(withKeys(payme)), 'USD')).toEqual(['sandbox']);
  });
});
