import { describe, expect, test } from 'vitest';
import type { OpsPromoCode } from '@parvoz/contracts/promo-codes';
import { promoCodeDefaults, promoCodeFormSchema, promoInputOf } from './promo-codes-form.ts';

const parse = (fields: Record<string, string>) => promoCodeFormSchema.parse(fields);

describe('the console’s promo code form', () => {
  test('typed fields become the API’s terms: capitals, basis points, places, UTC times', () => {
    const input = promoInputOf(
      parse({
        code: ' spring5 ',
        percent: '2,5',
        fixed_amount: '',
        fixed_currency: '',
        per: 'passenger',
        cap_amount: '20',
        cap_currency: 'USD',
        origins: 'tas, city:ist',
        destinations: '',
        valid_from: '2027-03-01T10:00',
        valid_until: '',
        total_limit: '100',
        per_traveller_limit: '1',
      }),
    );
    expect(input).toEqual({
      code: 'SPRING5',
      percent_bp: 250,
      fixed: null,
      per: 'passenger',
      cap: { amount: '20', currency: 'USD' },
      scope: { origins: [{ airport: 'TAS' }, { city: 'IST' }] },
      valid_from: '2027-03-01T10:00:00Z',
      valid_until: null,
      total_limit: 100,
      per_traveller_limit: 1,
    });
  });

  test('a code’s terms fill its edit form and give the same terms back', () => {
    const terms = {
      code: 'WINTER',
      percent_bp: 0,
      fixed: { amount: '10.00', currency: 'EUR' },
      per: 'order',
      cap: null,
      scope: { destinations: [{ country: 'TR' }] },
      valid_from: null,
      valid_until: '2027-02-01T00:00:00.000Z',
      total_limit: 50,
      per_traveller_limit: 2,
    } as const;
    const code = {
      id: 'x',
      code: 'WINTER',
      terms,
      used: 3,
      retired: false,
      versions: [],
    } as unknown as OpsPromoCode;
    const again = promoInputOf(parse(promoCodeDefaults(code)));
    expect(again).toEqual({ ...terms, valid_until: '2027-02-01T00:00:00Z' });
  });

  test('a limit that is not a whole number is refused by the form', () => {
    expect(
      promoCodeFormSchema.safeParse({ ...promoCodeDefaults(null), code: 'ABC', total_limit: '1.5' }).success,
    ).toBe(false);
  });
});
