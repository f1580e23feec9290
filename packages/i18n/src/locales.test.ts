import { expect, test } from 'vitest';
import { LOCALES, negotiateLocale, switchLocaleInPath } from './locales.ts';
import { formatMoney } from './currency.ts';
// Core imports nothing of ours, so it keeps its own list of place-name languages: it must be the site's.
import { PLACE_LANGS } from '@parvoz/core/place-index';

test('place names come in exactly the languages of the site', () => {
  expect([...PLACE_LANGS]).toEqual([...LOCALES]);
});

test.each([
  ['uz', 'ru-RU,ru;q=0.9', 'uz'],
  [undefined, 'ru-RU,ru;q=0.9,en;q=0.8', 'ru'],
  [undefined, 'de-DE,tr;q=0.5,ru;q=0.7', 'ru'],
  [undefined, 'de-DE,fr;q=0.5', 'en'],
  ['xx', 'tr', 'tr'],
  [undefined, '', 'en'],
  [undefined, 'uz-Latn-UZ', 'uz'],
  [undefined, 'ru;q=0, tr', 'tr'],
])('cookie %s + Accept-Language %s -> %s', (cookie, header, expected) => {
  expect(negotiateLocale(cookie, header)).toBe(expected);
});

test('switching language keeps the rest of the path', () => {
  expect(switchLocaleInPath('/en/info/agreement', 'uz')).toBe('/uz/info/agreement');
  expect(switchLocaleInPath('/ru', 'tr')).toBe('/tr');
  expect(switchLocaleInPath('/', 'ru')).toBe('/ru');
});

test('money is formatted per locale; UZS has no decimals, whole lira none either', () => {
  expect(formatMoney('uz', 1234567, 'UZS')).toMatch(/^1\s234\s567\ssoʻm$/u);
  expect(formatMoney('en', 412.5, 'USD')).toBe('$412.50');
  expect(formatMoney('ru', 412.5, 'EUR')).toMatch(/^412,50\s€$/);
  expect(formatMoney('tr', 99, 'TRY')).toBe('₺99');
  expect(formatMoney('tr', 99.5, 'TRY')).toBe('₺99,50');
});
