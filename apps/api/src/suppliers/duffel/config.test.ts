/**
 * Duffel's variables (docs/duffel.md, "Set-up"): validated at start, naming the variable; the URL or budget without the token is
 * refused (the webhook secret too); with no token set the flight service is the built-in supplier alone.
 */
import { describe, expect, test } from 'vitest';
import { loadApiConfig } from '../../config-check.ts';
import { configFailure } from '../../testing/config-failure.ts';

describe('Duffel configuration', () => {
  test('unset: off', () => {
    const api = loadApiConfig({});
    expect(api.duffel).toBeUndefined();
  });

  test('read from DUFFEL_ACCESS_TOKEN, DUFFEL_API_URL and DUFFEL_TIME_BUDGET_MS', () => {
    const api = loadApiConfig({
      DUFFEL_ACCESS_TOKEN: 'duffel_test_abcdefgh12345678',
      DUFFEL_API_URL: 'http://127.0.0.1:4010',
      DUFFEL_TIME_BUDGET_MS: '2500',
      DUFFEL_SYNC_SECONDS: '60',
      DUFFEL_WEBHOOK_SECRET: 'whsec-from-the-dashboard-0123',
    });
    expect(api.duffel).toMatchObject({
      accessToken: 'duffel_test_abcdefgh12345678',
      apiUrl: 'http://127.0.0.1:4010',
      timeBudgetMs: 2500,
      syncSeconds: 60,
      webhookSecret: 'whsec-from-the-dashboard-0123',
    });
  });

  test('the URL or the budget without the token is refused, naming the token', () => {
    expect(configFailure({ DUFFEL_API_URL: 'https://api.duffel.com' })).toContain('DUFFEL_ACCESS_TOKEN');
    expect(configFailure({ DUFFEL_TIME_BUDGET_MS: '8000' })).toContain('DUFFEL_ACCESS_TOKEN');
    expect(configFailure({ DUFFEL_SYNC_SECONDS: '300' })).toContain('DUFFEL_ACCESS_TOKEN');
    expect(configFailure({ DUFFEL_WEBHOOK_SECRET: 'whsec-from-the-dashboard-0123' })).toContain(
      'DUFFEL_ACCESS_TOKEN',
    );
  });

  test('malformed values are refused by variable name', () => {
    expect(configFailure({ DUFFEL_ACCESS_TOKEN: 'sk_test_0123456789' })).toContain('DUFFEL_ACCESS_TOKEN');
    const token = { DUFFEL_ACCESS_TOKEN: 'duffel_test_abcdefgh12345678' };
    expect(configFailure({ ...token, DUFFEL_API_URL: 'https://api.duffel.com/air' })).toContain(
      'DUFFEL_API_URL',
    );
    expect(configFailure({ ...token, DUFFEL_API_URL: 'ftp://api.duffel.com' })).toContain('DUFFEL_API_URL');
    expect(configFailure({ ...token, DUFFEL_TIME_BUDGET_MS: 'soon' })).toContain('DUFFEL_TIME_BUDGET_MS');
    expect(configFailure({ ...token, DUFFEL_TIME_BUDGET_MS: '0' })).toContain('DUFFEL_TIME_BUDGET_MS');
    expect(configFailure({ ...token, DUFFEL_SYNC_SECONDS: '0' })).toContain('DUFFEL_SYNC_SECONDS');
    expect(configFailure({ ...token, DUFFEL_WEBHOOK_SECRET: 'short' })).toContain('DUFFEL_WEBHOOK_SECRET');
  });
});
