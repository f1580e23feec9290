import { describe, expect, test } from 'vitest';
import { opsPriceRuleInputSchema, type OpsPriceRuleVersion } from '@parvoz/contracts/ops-pricing';
import { parseForm } from '../../lib/form.server.ts';
import {
  listItems,
  priceRuleDefaults,
  priceRuleFormSchema,
  ruleFieldErrors,
  ruleInputOf,
} from './price-rules-form.ts';

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};
const base: [string, string][] = [
  ['kind', 'markup'],
  ['priority', '0'],
  ['per', 'passenger'],
];

describe('the pricing rule form', () => {
  test('a 5 % markup for Tashkent departures is the API rule, places in the three forms', () => {
    const submission = parseForm(
      formOf([
        ...base,
        ['percent', '5'],
        ['origins', 'tas, city:ist , COUNTRY:tr,'],
        ['airlines', 'hy'],
        ['cabins', 'economy'],
        ['currencies', 'USD'],
        ['currencies', 'UZS'],
        ['travel_from', '2027-01-10'],
        ['sale_until', '2027-02-01T08:30'],
        ['exclusive', 'on'],
      ]),
      priceRuleFormSchema,
    );
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const rule = ruleInputOf(submission.value);
    expect(rule).toEqual({
      kind: 'markup',
      priority: 0,
      percent_bp: 500,
      fixed: null,
      per: 'passenger',
      cap: null,
      exclusive: true,
      scope: {
        origins: [{ airport: 'TAS' }, { city: 'IST' }, { country: 'TR' }],
        airlines: ['HY'],
        cabins: ['economy'],
        currencies: ['USD', 'UZS'],
        travel_from: '2027-01-10',
        sale_until: '2027-02-01T08:30:00Z',
      },
    });
    // What the API takes, as the API reads it.
    expect(opsPriceRuleInputSchema.safeParse(rule).success).toBe(true);
  });

  test('an edit keeps every condition of the rule, its suppliers and the markets the console has no field for', () => {
    const version = {
      kind: 'markup',
      priority: 2,
      percent_bp: 300,
      fixed: null,
      per: 'passenger',
      cap: null,
      exclusive: false,
      scope: { suppliers: ['duffel'], markets: ['uz', 'ru'], origins: [{ city: 'TAS' }] },
    } as unknown as OpsPriceRuleVersion;
    const fields = priceRuleDefaults(version);
    expect(fields.suppliers).toBe('duffel');
    // The form posts the fields as they are shown, the markets as hidden inputs of the same values.
    const posted = Object.entries(fields).flatMap(([name, value]): [string, string][] =>
      Array.isArray(value) ? value.map((v): [string, string] => [name, v]) : [[name, value ?? '']],
    );
    const edited = posted.map(([name, value]): [string, string] =>
      name === 'suppliers' ? [name, 'Duffel, builtin'] : [name, value],
    );
    const submission = parseForm(formOf(edited), priceRuleFormSchema);
    if (submission.status !== 'success') throw new Error('refused');
    expect(ruleInputOf(submission.value).scope).toEqual({
      suppliers: ['duffel', 'builtin'],
      markets: ['uz', 'ru'],
      origins: [{ city: 'TAS' }],
    });
  });

  test('a fixed fee with a decimal comma, a cap and an effective time', () => {
    const submission = parseForm(
      formOf([
        ['kind', 'service_fee'],
        ['priority', '0'],
        ['per', 'order'],
        ['fixed_amount', '2,5'],
        ['fixed_currency', 'USD'],
        ['cap_amount', '10'],
        ['cap_currency', 'EUR'],
        ['percent', '2.25'],
        ['effective_from', '2027-03-01T00:00'],
      ]),
      priceRuleFormSchema,
    );
    if (submission.status !== 'success') throw new Error('refused');
    const rule = ruleInputOf(submission.value);
    expect(rule.percent_bp).toBe(225);
    expect(rule.fixed).toEqual({ amount: '2.5', currency: 'USD' });
    expect(rule.cap).toEqual({ amount: '10', currency: 'EUR' });
    expect(rule.effective_from).toBe('2027-03-01T00:00:00Z');
    expect(rule.scope).toEqual({});
  });

  test.each([
    ['percent', '101', 'percent'],
    ['percent', '5.555', 'percent'],
    ['priority', '1.5', 'priority'],
    ['origins', 'TAS, Tashkent', 'places'],
    ['destinations', 'country:TUR', 'places'],
    ['airlines', 'HYY', 'airlines'],
    ['suppliers', 'duffel, no such!', 'suppliers'],
    ['fixed_amount', '12.345', 'amount'],
    ['travel_until', '2027-13-01', 'date'],
  ])('%s "%s" is refused at its field (%s)', (name, value, code) => {
    const submission = parseForm(
      formOf([...base.filter(([n]) => n !== name), [name, value]]),
      priceRuleFormSchema,
    );
    if (submission.status !== 'error') throw new Error('accepted');
    expect(submission.error?.[name]).toEqual([code]);
  });

  test('an amount without its currency, and a currency without an amount, are refused at the other field', () => {
    const submission = parseForm(
      formOf([...base, ['fixed_amount', '3'], ['cap_currency', 'USD']]),
      priceRuleFormSchema,
    );
    if (submission.status !== 'error') throw new Error('accepted');
    expect(submission.error?.fixed_currency).toEqual(['currency']);
    expect(submission.error?.cap_amount).toEqual(['amount']);
  });

  test('the list reader upper-cases codes and keeps prefixes', () => {
    expect(listItems(' tas ,City:ist,, country : tr ')).toEqual(['TAS', 'city:IST', 'country:TR']);
    expect(listItems(undefined)).toEqual([]);
  });

  test("the API's refusals land at the form's fields", () => {
    expect(
      ruleFieldErrors({
        'fixed.amount': ['not an amount of UZS'],
        'scope.origins[0].airport': ['a 3-character code'],
        percent_bp: ['Too big'],
        '': ['a rule adds or takes off something; the travel period ends after it starts; something new'],
      }),
    ).toEqual({
      fixed_amount: ['amount_currency'],
      origins: ['invalid'],
      percent: ['invalid', 'nothing'],
      travel_until: ['period'],
      '': ['invalid'],
    });
  });

  test('a version shown again fills the form as typed', () => {
    const version: OpsPriceRuleVersion = {
      version: 2,
      kind: 'discount',
      priority: 3,
      scope: { origins: [{ airport: 'TAS' }, { country: 'UZ' }], sale_from: '2027-01-01T10:00:00.000Z' },
      percent_bp: 250,
      fixed: { amount: '1.50', currency: 'USD' },
      per: 'order',
      cap: null,
      exclusive: true,
      effective_from: '2027-01-01T00:00:00.000Z',
      retired: false,
      author_user_id: null,
      created_at: '2026-12-31T00:00:00.000Z',
    };
    const defaults = priceRuleDefaults(version);
    expect(defaults).toMatchObject({
      kind: 'discount',
      priority: '3',
      percent: '2.5',
      fixed_amount: '1.50',
      fixed_currency: 'USD',
      cap_amount: '',
      per: 'order',
      exclusive: 'on',
      origins: 'TAS, country:UZ',
      sale_from: '2027-01-01T10:00',
    });
    // And read back, it is the same rule.
    const entries = Object.entries(defaults).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v!]),
    );
    const again = parseForm(formOf(entries), priceRuleFormSchema);
    if (again.status !== 'success') throw new Error('refused');
    expect(ruleInputOf(again.value)).toMatchObject({
      percent_bp: 250,
      fixed: { amount: '1.50', currency: 'USD' },
      scope: { origins: [{ airport: 'TAS' }, { country: 'UZ' }], sale_from: '2027-01-01T10:00:00Z' },
    });
  });
});
