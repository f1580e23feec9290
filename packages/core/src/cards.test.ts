import { expect, test } from 'vitest';
import { cardDigits, cvcValid, expiryNotPast, luhnValid, sandboxOutcome } from './cards.ts';

test('Luhn: the test cards pass, a changed digit fails', () => {
  for (const card of ['4242424242424242', '4000000000000002', '4000000000003220', '5555555555554444']) {
    expect(luhnValid(card)).toBe(true);
  }
  expect(luhnValid('4242424242424241')).toBe(false);
  expect(luhnValid('12345')).toBe(false);
  expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  expect(cardDigits('4242 abcd')).toBeNull();
});

test('expiry: valid through the end of its month; malformed is null', () => {
  expect(expiryNotPast('11/26', '2026-11-30')).toBe(true);
  expect(expiryNotPast('10/26', '2026-11-01')).toBe(false);
  expect(expiryNotPast('01/2030', '2026-11-01')).toBe(true);
  expect(expiryNotPast('13/30', '2026-11-01')).toBeNull();
  expect(expiryNotPast('1130', '2026-11-01')).toBeNull();
});

test('CVC is 3 digits; the test cards choose the outcome', () => {
  expect(cvcValid('123')).toBe(true);
  expect(cvcValid('12')).toBe(false);
  expect(cvcValid('12a')).toBe(false);
  expect(sandboxOutcome('4242424242424242')).toBe('success');
  expect(sandboxOutcome('4000000000000002')).toBe('decline');
  expect(sandboxOutcome('4000000000003220')).toBe('three_d_secure');
});
