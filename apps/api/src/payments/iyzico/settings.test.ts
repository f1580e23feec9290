/** iyzico's settings (./settings.ts): off without IYZICO_*, both keys or none, every error naming its variable. */
import { describe, expect, test } from 'vitest';
import { loadApiConfig } from '../../config-check.ts';
import { configFailure } from '../../testing/config-failure.ts';
import { iyzicoBaseUrl } from './settings.ts';

const KEYS = { IYZICO_API_KEY: 'sandbox-key-0123', IYZICO_SECRET_KEY: 'sandbox-secret-0123' };

describe('iyzico settings', () => {
  test('none set: iyzico is off', () => {
    expect(loadApiConfig({}).iyzico).toBeUndefined();
    expect(loadApiConfig({ IYZICO_API_KEY: '' }).iyzico).toBeUndefined();
  });

  test('both keys: on, the API base following the key unless IYZICO_BASE_URL says', () => {
    const settings = loadApiConfig(KEYS).iyzico!;
    expect(settings).toEqual({ apiKey: 'sandbox-key-0123', secretKey: 'sandbox-secret-0123' });
    expect(iyzicoBaseUrl(settings)).toBe('https://sandbox-api.iyzipay.com');
    expect(iyzicoBaseUrl({ ...settings, apiKey: 'live-key-0123' })).toBe('https://api.iyzipay.com');
    const local = loadApiConfig({ ...KEYS, IYZICO_BASE_URL: 'http://127.0.0.1:4011' }).iyzico!;
    expect(iyzicoBaseUrl(local)).toBe('http://127.0.0.1:4011');
  });

  test('one set without the others: the start fails naming the missing variable', () => {
    expect(configFailure({ IYZICO_API_KEY: KEYS.IYZICO_API_KEY })).toMatch(
      /^ {2}- IYZICO_SECRET_KEY is required with the other IYZICO_ variables$/m,
    );
    const message = configFailure({ IYZICO_BASE_URL: 'https://sandbox-api.iyzipay.com' });
    expect(message).toMatch(/^ {2}- IYZICO_API_KEY is required/m);
    expect(message).toMatch(/^ {2}- IYZICO_SECRET_KEY is required/m);
  });

  test('a bad value: the message names its variable', () => {
    expect(configFailure({ ...KEYS, IYZICO_SECRET_KEY: 'short' })).toMatch(
      /^ {2}- IYZICO_SECRET_KEY: expected the key iyzico issued/m,
    );
    expect(configFailure({ ...KEYS, IYZICO_BASE_URL: 'ftp://x' })).toMatch(
      /^ {2}- IYZICO_BASE_URL: expected an http\(s\) URL$/m,
    );
  });
});
