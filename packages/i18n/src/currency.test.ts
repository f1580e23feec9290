import { expect, test } from 'vitest';
import { formatMoney, formatMoneyList, moneyListFormatter } from './currency.ts';
import { LOCALES, type Locale } from './locales.ts';

/** Intl separates groups and the sign with (narrow) no-break spaces: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

// Each locale: [amount, currency, expected]. Whole roubles, soʻm and lira without decimals, as local sites
// show them; kopecks and kuruş kept when there are some; dollars and euros always with cents.
const CASES: Record<Locale, [number, 'RUB' | 'UZS' | 'TRY' | 'USD' | 'EUR', string][]> = {
  en: [
    [12500, 'RUB', '₽12,500'],
    [12500.5, 'RUB', '₽12,500.50'],
    [1234567, 'UZS', 'UZS 1,234,567'],
    [3200, 'TRY', '₺3,200'],
    [3200.05, 'TRY', '₺3,200.05'],
    [412, 'USD', '$412.00'],
    [412.5, 'EUR', '€412.50'],
  ],
  ru: [
    [12500, 'RUB', '12 500 ₽'],
    [12500.5, 'RUB', '12 500,50 ₽'],
    [1234567, 'UZS', '1 234 567 UZS'],
    [3200, 'TRY', '3 200 ₺'],
    [3200.05, 'TRY', '3 200,05 ₺'],
    [412, 'USD', '412,00 $'],
    [412.5, 'EUR', '412,50 €'],
  ],
  uz: [
    [12500, 'RUB', '12 500 ₽'],
    [12500.5, 'RUB', '12 500,50 ₽'],
    [1234567, 'UZS', '1 234 567 soʻm'],
    [1234567.4, 'UZS', '1 234 567 soʻm'],
    [3200, 'TRY', '3 200 ₺'],
    [412, 'USD', '412,00 $'],
    [412.5, 'EUR', '412,50 €'],
  ],
  tr: [
    [12500, 'RUB', '₽12.500'],
    [12500.5, 'RUB', '₽12.500,50'],
    [1234567, 'UZS', 'UZS 1.234.567'],
    [3200, 'TRY', '₺3.200'],
    [3200.05, 'TRY', '₺3.200,05'],
    [412, 'USD', '$412,00'],
    [412.5, 'EUR', '€412,50'],
  ],
};

test.each(LOCALES.flatMap((locale) => CASES[locale].map((c) => [locale, ...c] as const)))(
  '%s: %d %s is %s',
  (locale, amount, currency, expected) => {
    expect(plain(formatMoney(locale, amount, currency))).toBe(expected);
  },
);

test('an amount whole to the kopeck after float arithmetic has no decimals', () => {
  expect(plain(formatMoney('ru', 0.1 + 0.2 + 99.7, 'RUB'))).toBe('100 ₽');
  expect(plain(formatMoney('ru', 100.004, 'RUB'))).toBe('100 ₽');
  expect(plain(formatMoney('ru', 100.006, 'RUB'))).toBe('100,01 ₽');
});

test('a price asked for again, or after many others, is formatted the same (results are kept, a bounded few)', () => {
  const first = formatMoney('ru', 12500.5, 'RUB');
  for (let amount = 1; amount <= 1200; amount++)
    expect(plain(formatMoney('ru', amount, 'RUB'))).toBe(
      `${amount.toLocaleString('ru-RU')} ₽`.replace(/\s/g, ' '),
    );
  expect(formatMoney('ru', 12500.5, 'RUB')).toBe(first);
  // Same amount, another currency or language: not the kept text of the first.
  expect(plain(formatMoney('ru', 12500.5, 'TRY'))).toBe('12 500,50 ₺');
  expect(plain(formatMoney('tr', 12500.5, 'RUB'))).toBe('₽12.500,50');
});

test('a list shown together (a ±3-day strip in lira) takes one rule: kuruş for all when one amount has them', () => {
  const strip = [3200, 3245.5, null, 3300];
  expect(formatMoneyList('tr', strip, 'TRY').map((s) => s && plain(s))).toEqual([
    '₺3.200,00',
    '₺3.245,50',
    null,
    '₺3.300,00',
  ]);
  expect(formatMoneyList('tr', [3200, null, 3300], 'TRY').map((s) => s && plain(s))).toEqual([
    '₺3.200',
    null,
    '₺3.300',
  ]);
  expect(formatMoneyList('ru', [12500, 12500.5], 'RUB').map((s) => s && plain(s))).toEqual([
    '12 500,00 ₽',
    '12 500,50 ₽',
  ]);
  // Soʻm are always whole, dollars always with cents: the list changes nothing.
  expect(formatMoneyList('uz', [1234567, 1234567.4], 'UZS').map((s) => s && plain(s))).toEqual([
    '1 234 567 soʻm',
    '1 234 567 soʻm',
  ]);
  expect(formatMoneyList('en', [412, 412.5], 'USD')).toEqual(['$412.00', '$412.50']);
});

test("a list's formatter formats any one amount by the whole list's rule", () => {
  const format = moneyListFormatter('tr', [3200, 3245.5, null], 'TRY');
  expect(plain(format(3200))).toBe('₺3.200,00');
  expect(plain(moneyListFormatter('tr', [3200, null, 3300], 'TRY')(3200))).toBe('₺3.200');
  // An amount that was not in the list keeps its kuruş whole.
  expect(plain(moneyListFormatter('tr', [3200, 3300], 'TRY')(350.5))).toBe('₺350,50');
  // The same texts as the list itself.
  expect(formatMoneyList('ru', [12500, 12500.5], 'RUB')).toEqual(
    [12500, 12500.5].map(moneyListFormatter('ru', [12500, 12500.5], 'RUB')),
  );
});
