/**
 * What the providers' settings share (./provider-settings.ts), through Payme's and Click's fiscal settings: each
 * message names its variable, in the words each provider's documents use, and the fiscal ones go all or none.
 */
import { describe, expect, test } from 'vitest';
import { configFailure } from '../testing/config-failure.ts';
import { loadApiConfig } from '../config-check.ts';
import { settingVariable } from './provider-settings.ts';

const PAYME = {
  PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
  PAYME_KEY: 'a-cashbox-key-of-payme-0123456789',
};
const PAYME_FISCAL = {
  PAYME_FISCAL_TICKET_IKPU: '10399001001000000',
  PAYME_FISCAL_TICKET_PACKAGE_CODE: '1545643',
  PAYME_FISCAL_TICKET_VAT_PERCENT: '12',
  PAYME_FISCAL_LUGGAGE_IKPU: '10399002001000000',
  PAYME_FISCAL_LUGGAGE_PACKAGE_CODE: '1545644',
  PAYME_FISCAL_LUGGAGE_VAT_PERCENT: '12',
};
const CLICK = {
  CLICK_SERVICE_ID: '1',
  CLICK_MERCHANT_ID: '2',
  CLICK_MERCHANT_USER_ID: '3',
  CLICK_SECRET_KEY: 'click-secret-key',
};

/** The lines of the configuration's refusal of `env`, without their `  - ` marks. */
const refusalLines = (env: NodeJS.ProcessEnv) =>
  configFailure(env)
    .split('\n')
    .map((line) => line.replace(/^ {2}- /, ''));

describe('provider settings', () => {
  test('a setting’s variable is its name under the prefix', () => {
    expect(settingVariable('CLICK', 'merchantUserId')).toBe('CLICK_MERCHANT_USER_ID');
    expect(settingVariable('DUFFEL', 'timeBudgetMs')).toBe('DUFFEL_TIME_BUDGET_MS');
  });

  test('fiscal settings: all or none, each missing one named', () => {
    expect(loadApiConfig({ ...PAYME, ...PAYME_FISCAL }).payme).toMatchObject({
      fiscalTicketIkpu: '10399001001000000',
      fiscalLuggageVatPercent: 12,
    });
    const { PAYME_FISCAL_LUGGAGE_IKPU: _, ...fiveOfSix } = PAYME_FISCAL;
    expect(configFailure({ ...PAYME, ...fiveOfSix })).toMatch(
      /^ {2}- PAYME_FISCAL_LUGGAGE_IKPU is required with the other PAYME_FISCAL_ variables$/m,
    );
    const message = configFailure({ ...CLICK, CLICK_FISCAL_TIN: '123456789' });
    expect(message).toMatch(
      /^ {2}- CLICK_FISCAL_TICKET_SPIC is required with the other CLICK_FISCAL_ variables$/m,
    );
    expect(message).toMatch(/^ {2}- CLICK_FISCAL_LUGGAGE_VAT_PERCENT is required/m);
    expect(message).not.toContain('CLICK_FISCAL_TIN');
  });

  test('the codes and VAT rates: messages in each provider’s words, naming the variable', () => {
    const payme = refusalLines({
      ...PAYME,
      ...PAYME_FISCAL,
      PAYME_FISCAL_TICKET_IKPU: '123',
      PAYME_FISCAL_TICKET_PACKAGE_CODE: 'x',
      PAYME_FISCAL_TICKET_VAT_PERCENT: '12.5',
      PAYME_FISCAL_LUGGAGE_VAT_PERCENT: '101',
    });
    expect(payme).toEqual(
      expect.arrayContaining([
        'PAYME_FISCAL_TICKET_IKPU: expected the 17-digit IKPU code (tasnif.soliq.uz)',
        'PAYME_FISCAL_TICKET_PACKAGE_CODE: expected the package code given with the IKPU code',
        'PAYME_FISCAL_TICKET_VAT_PERCENT: expected a whole percentage',
        'PAYME_FISCAL_LUGGAGE_VAT_PERCENT: 0 to 100',
      ]),
    );
    const click = refusalLines({
      ...CLICK,
      CLICK_FISCAL_TICKET_SPIC: '123',
      CLICK_FISCAL_TICKET_PACKAGE_CODE: 'x',
      CLICK_FISCAL_TICKET_VAT_PERCENT: '12.5',
      CLICK_FISCAL_LUGGAGE_SPIC: '10399002001000000',
      CLICK_FISCAL_LUGGAGE_PACKAGE_CODE: '1545644',
      CLICK_FISCAL_LUGGAGE_VAT_PERCENT: '12',
      CLICK_FISCAL_TIN: '12345',
    });
    expect(click).toEqual(
      expect.arrayContaining([
        'CLICK_FISCAL_TICKET_SPIC: expected the 17-digit SPIC (IKPU) code',
        'CLICK_FISCAL_TICKET_PACKAGE_CODE: expected the package code',
        'CLICK_FISCAL_TICKET_VAT_PERCENT: a whole percentage',
        'CLICK_FISCAL_TIN: expected a 9-digit TIN',
      ]),
    );
  });
});
