/** Duffel's settings (./settings.ts): off without DUFFEL_*, the token with any other, every error naming its variable. */
import { describe, expect, test } from 'vitest';
import { loadApiConfig } from '../../config-check.ts';
import { configFailure } from '../../testing/config-failure.ts';
import { DUFFEL_DEFAULT_BUDGET_MS } from './settings.ts';

const TOKEN = { DUFFEL_ACCESS_TOKEN: 'duffel_test_abcdefgh12345678' };

describe('Duffel settings', () => {
  test('none set: Duffel is off', () => {
    expect(loadApiConfig({}).duffel).toBeUndefined();
    expect(loadApiConfig({ DUFFEL_ACCESS_TOKEN: '' }).duffel).toBeUndefined();
  });

  test('the token alone: on, a search waiting the default budget', () => {
    expect(loadApiConfig(TOKEN).duffel).toEqual({
      accessToken: TOKEN.DUFFEL_ACCESS_TOKEN,
      timeBudgetMs: DUFFEL_DEFAULT_BUDGET_MS,
    });
    expect(DUFFEL_DEFAULT_BUDGET_MS).toBe(8_000);
  });

  test('one set without the token: the start fails naming it', () => {
    expect(configFailure({ DUFFEL_SYNC_SECONDS: '60' })).toMatch(
      /^ {2}- DUFFEL_ACCESS_TOKEN is required with the other DUFFEL_ variables$/m,
    );
  });

  test('a bad value: the message names its variable', () => {
    expect(configFailure({ ...TOKEN, DUFFEL_TIME_BUDGET_MS: 'soon' })).toMatch(
      /^ {2}- DUFFEL_TIME_BUDGET_MS: expected milliseconds$/m,
    );
    expect(configFailure({ ...TOKEN, DUFFEL_SYNC_SECONDS: '1.5' })).toMatch(
      /^ {2}- DUFFEL_SYNC_SECONDS: expected whole seconds$/m,
    );
    expect(configFailure({ ...TOKEN, DUFFEL_API_URL: 'https://api.duffel.com/air' })).toMatch(
      /^ {2}- DUFFEL_API_URL: expected an origin like https:\/\/api\.duffel\.com$/m,
    );
  });
});
