import { describe, expect, test } from 'vitest';
import {
  consoleOpen,
  mayEnrol,
  mayRemoveFactor,
  normaliseRecoveryCode,
  normaliseTotpCode,
  passkeyOrigin,
  recoveryCodeFromBytes,
  secondFactorStatus,
  totpStepAcceptable,
} from './second-factor.ts';

describe('who must pass a second factor', () => {
  test('an admin without a factor must enrol; with one, verify; the console opens once verified', () => {
    expect(secondFactorStatus({ role: 'admin', factors: 0, sessionVerified: false })).toBe('enrol');
    expect(secondFactorStatus({ role: 'admin', factors: 2, sessionVerified: false })).toBe('verify');
    expect(secondFactorStatus({ role: 'admin', factors: 1, sessionVerified: true })).toBe('verified');
    expect(consoleOpen('enrol')).toBe(false);
    expect(consoleOpen('verify')).toBe(false);
    expect(consoleOpen('verified')).toBe(true);
  });

  test('an operator is offered a factor, and held to it once enrolled', () => {
    expect(secondFactorStatus({ role: 'operator', factors: 0, sessionVerified: false })).toBe('optional');
    expect(consoleOpen('optional')).toBe(true);
    expect(secondFactorStatus({ role: 'operator', factors: 1, sessionVerified: false })).toBe('verify');
  });

  test('the emailed code alone enrols only the first factor', () => {
    expect(mayEnrol({ factors: 0, sessionVerified: false })).toBe(true);
    expect(mayEnrol({ factors: 1, sessionVerified: false })).toBe(false);
    expect(mayEnrol({ factors: 1, sessionVerified: true })).toBe(true);
  });

  test('an admin keeps a factor; an operator may remove the last', () => {
    expect(mayRemoveFactor({ role: 'admin', factorsAfter: 0 })).toBe(false);
    expect(mayRemoveFactor({ role: 'admin', factorsAfter: 1 })).toBe(true);
    expect(mayRemoveFactor({ role: 'operator', factorsAfter: 0 })).toBe(true);
  });
});

describe('passkeys need a named, secure origin', () => {
  test.each([
    ['https://parvoz.example', { available: true, rpId: 'parvoz.example' }],
    ['http://localhost:3000', { available: true, rpId: 'localhost' }],
    ['http://127.0.0.1:3000', { available: false, reason: 'ip_address' }],
    ['https://[::1]:3000', { available: false, reason: 'ip_address' }],
    ['http://parvoz.example', { available: false, reason: 'insecure_origin' }],
  ])('%s', (origin, expected) => expect(passkeyOrigin(origin)).toEqual(expected));
});

describe('authenticator codes', () => {
  test('six digits, spaces dropped', () => {
    expect(normaliseTotpCode(' 123 456 ')).toBe('123456');
    expect(normaliseTotpCode('12345')).toBeNull();
    expect(normaliseTotpCode('12345a')).toBeNull();
  });
  test('a step is accepted only after the last accepted one', () => {
    expect(totpStepAcceptable(10, null)).toBe(true);
    expect(totpStepAcceptable(10, 10)).toBe(false);
    expect(totpStepAcceptable(9, 10)).toBe(false);
    expect(totpStepAcceptable(11, 10)).toBe(true);
  });
});

describe('recovery codes', () => {
  test('ten characters of base32 in two groups, read back however typed', () => {
    const code = recoveryCodeFromBytes(Uint8Array.from([0, 1, 2, 3, 31, 32, 33, 200, 255, 17, 99]));
    expect(code).toBe('0123z-018zh');
    expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(normaliseRecoveryCode(code)).toBe('0123z018zh');
  });
  test('confusable letters, case, spaces and dashes', () => {
    expect(normaliseRecoveryCode('O1234 ZOIRL')).toBe('01234z01r1');
    expect(normaliseRecoveryCode('abcde-fghjk')).toBe('abcdefghjk');
    expect(normaliseRecoveryCode('abcdu-fghjk')).toBeNull();
    expect(normaliseRecoveryCode('abcd')).toBeNull();
  });
  test('too few bytes is a programming error', () => {
    expect(() => recoveryCodeFromBytes(new Uint8Array(3))).toThrow(RangeError);
  });
});
