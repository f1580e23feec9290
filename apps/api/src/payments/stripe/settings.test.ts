/** Stripe's settings (./settings.ts): off without STRIPE_*, both secrets or none, every error naming its variable. */
import { describe, expect, test } from 'vitest';
import { loadApiConfig } from '../../config-check.ts';
import { configFailure } from '../../testing/config-failure.ts';

const SECRETS = { STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' };

describe('Stripe settings', () => {
  test('none set: Stripe is off', () => {
    expect(loadApiConfig({}).stripe).toBeUndefined();
    expect(loadApiConfig({ STRIPE_API_BASE: '' }).stripe).toBeUndefined();
  });

  test('both secrets: on, with the SDK’s own API origin unless STRIPE_API_BASE says', () => {
    expect(loadApiConfig(SECRETS).stripe).toEqual({
      secretKey: 'sk_test_0123456789',
      webhookSecret: 'whsec_0123456789',
    });
    expect(loadApiConfig({ ...SECRETS, STRIPE_API_BASE: 'http://127.0.0.1:4012' }).stripe?.apiBase).toBe(
      'http://127.0.0.1:4012',
    );
  });

  test('one set without the others: the start fails naming the missing variable', () => {
    expect(configFailure({ STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY })).toMatch(
      /^ {2}- STRIPE_WEBHOOK_SECRET is required with the other STRIPE_ variables$/m,
    );
    const message = configFailure({ STRIPE_API_BASE: 'https://api.stripe.com' });
    expect(message).toMatch(/^ {2}- STRIPE_SECRET_KEY is required/m);
    expect(message).toMatch(/^ {2}- STRIPE_WEBHOOK_SECRET is required/m);
  });

  test('a bad value: the message names its variable', () => {
    expect(configFailure({ ...SECRETS, STRIPE_SECRET_KEY: 'pk_test_0123456789' })).toMatch(
      /^ {2}- STRIPE_SECRET_KEY: expected a Stripe secret key/m,
    );
    expect(configFailure({ ...SECRETS, STRIPE_API_BASE: 'https://api.stripe.com/v1' })).toMatch(
      /^ {2}- STRIPE_API_BASE: expected an origin like https:\/\/api\.stripe\.com$/m,
    );
    expect(configFailure({ ...SECRETS, STRIPE_API_BASE: 'not a url' })).toMatch(
      /^ {2}- STRIPE_API_BASE: expected an http\(s\) URL$/m,
    );
  });
});
