/**
 * Which providers an order is offered (docs/payment-providers.md#what-every-provider-guarantees), and the
 * provider variables checked at start.
 */
import { describe, expect, test } from 'vitest';
import { loadApiConfig } from '../config-check.ts';
import { chooseProvider, offeredProviders, PROVIDER_CURRENCIES } from './selection.ts';
import { minorOfTiyin, sumWithDecimals, tiyinOf, tiyinOfSumText } from './uzs.ts';

const configured = (...names: string[]) => new Set(['sandbox', ...names]);

describe('offered providers', () => {
  test('nothing configured: the sandbox for every currency', () => {
    for (const currency of ['UZS', 'USD', 'EUR', 'RUB', 'TRY'])
      expect(offeredProviders(configured(), currency)).toEqual(['sandbox']);
  });

  test('Payme and Click for UZS, in that order; iyzico for TRY; Stripe for the others', () => {
    const all = configured('payme', 'click', 'iyzico', 'stripe');
    expect(offeredProviders(all, 'UZS')).toEqual(['payme', 'click']);
    expect(offeredProviders(all, 'TRY')).toEqual(['iyzico']);
    for (const currency of ['USD', 'EUR', 'RUB']) expect(offeredProviders(all, currency)).toEqual(['stripe']);
  });

  test('a currency whose provider is not configured goes to the provider of the others, else the sandbox', () => {
    expect(offeredProviders(configured('stripe'), 'UZS')).toEqual(['stripe']);
    expect(offeredProviders(configured('iyzico'), 'UZS')).toEqual(['sandbox']);
    expect(offeredProviders(configured('click'), 'UZS')).toEqual(['click']);
    expect(offeredProviders(configured('payme'), 'USD')).toEqual(['sandbox']);
  });

  test('a new provider is a row of the table', () => {
    const table = [...PROVIDER_CURRENCIES, { name: 'uzum', currencies: ['UZS'] }];
    expect(offeredProviders(configured('payme', 'uzum'), 'UZS', table)).toEqual(['payme', 'uzum']);
  });

  test('the traveller may pick only an offered provider; none picked is the first', () => {
    expect(chooseProvider(['payme', 'click'], undefined)).toBe('payme');
    expect(chooseProvider(['payme', 'click'], 'click')).toBe('click');
    expect(chooseProvider(['payme', 'click'], 'sandbox')).toBeNull();
  });
});

describe('sum and tiyin', () => {
  test('our UZS amounts are whole sum; Payme counts tiyin, Click writes two decimals', () => {
    expect(tiyinOf(5_230_000)).toBe(523_000_000);
    expect(minorOfTiyin(523_000_000)).toBe(5_230_000);
    expect(minorOfTiyin(523_000_050)).toBeNull();
    expect(sumWithDecimals(5_230_000)).toBe('5230000.00');
    expect(tiyinOfSumText('5230000.00')).toBe(523_000_000);
    expect(tiyinOfSumText('5230000')).toBe(523_000_000);
    expect(tiyinOfSumText('5230000.5')).toBe(523_000_050);
    for (const bad of ['5230000.001', '-1', '1e6', '', 'abc']) expect(tiyinOfSumText(bad)).toBeNull();
  });
});

describe('provider variables', () => {
  test('none set: neither provider; all set: both, with their defaults', () => {
    expect(loadApiConfig({})).toMatchObject({ payme: undefined, click: undefined });
    const api = loadApiConfig({
      PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
      PAYME_KEY: 'a-cashbox-key-of-payme-0123456789',
      CLICK_SERVICE_ID: '12345',
      CLICK_MERCHANT_ID: '678',
      CLICK_MERCHANT_USER_ID: '91011',
      CLICK_SECRET_KEY: 'click-secret-key',
    });
    expect(api.payme).toEqual({
      merchantId: '5e730e8e0b852a417aa49ceb',
      key: 'a-cashbox-key-of-payme-0123456789',
      login: 'Paycom',
      checkoutUrl: 'https://checkout.paycom.uz',
      apiUrl: 'https://checkout.paycom.uz/api',
    });
    expect(api.click).toMatchObject({ serviceId: 12345, merchantId: 678, merchantUserId: 91011 });
  });

  test('a provider half configured stops the start, naming the missing and bad variables', () => {
    expect(() => loadApiConfig({ PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb' })).toThrow(
      /PAYME_KEY is required/,
    );
    expect(() =>
      loadApiConfig({ PAYME_MERCHANT_ID: 'short', PAYME_KEY: 'a-cashbox-key-of-payme-0123456789' }),
    ).toThrow(/PAYME_MERCHANT_ID: expected the 24-character id/);
    expect(() => loadApiConfig({ CLICK_SECRET_KEY: 'click-secret-key', CLICK_SERVICE_ID: 'x' })).toThrow(
      /CLICK_SERVICE_ID[\s\S]*CLICK_MERCHANT_ID is required[\s\S]*CLICK_MERCHANT_USER_ID is required/,
    );
    expect(() =>
      loadApiConfig({
        CLICK_SERVICE_ID: '1',
        CLICK_MERCHANT_ID: '2',
        CLICK_MERCHANT_USER_ID: '3',
        CLICK_SECRET_KEY: 'click-secret-key',
        CLICK_PAY_URL: 'ftp://click.example',
      }),
    ).toThrow(/CLICK_PAY_URL: expected an http\(s\) URL/);
  });
});
