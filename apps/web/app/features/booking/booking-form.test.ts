import { describe, expect, test } from 'vitest';
import {
  buildOrderRequest,
  errorTarget,
  fieldNameOf,
  readForm,
  shownTotal,
  toFieldErrors,
  type BookingContext,
} from './booking-form.ts';

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

const adult = {
  'passengers.0.given_name': 'Aziz',
  'passengers.0.family_name': "O'Neil",
  'passengers.0.born_on': '1990-04-01',
  'passengers.0.gender': 'male',
  'passengers.0.citizenship': 'UZ',
  'passengers.0.document.number': 'AA 1234567',
  'passengers.0.document.expires_on': '2035-01-01',
};
const contact = {
  'contact.full_name': 'Aziz Karimov',
  'contact.email': 'Aziz@Example.com',
  'contact.phone_country': 'UZ',
  'contact.phone': '90 123 45 67',
};
const context: BookingContext = {
  offerId: 'offer-id',
  expectedTotal: '412.50',
  currency: 'USD',
  lang: 'ru',
  passengerTypes: ['adult'],
  saveTravellers: false,
  agreement: true,
};

describe('readForm', () => {
  test('keeps the known fields and the luggage boxes, drops the rest', () => {
    const values = readForm(
      form({
        ...contact,
        'passengers.0.given_name': 'x'.repeat(500),
        agreement: 'on',
        evil: 'x',
        'contact.other': 'x',
        luggage: ['lug_0:0', 'lug_1:1', 'bad', 'lug_0:x'],
      }),
    );
    expect(values.fields['contact.email']).toBe('Aziz@Example.com');
    expect(values.fields['passengers.0.given_name']).toHaveLength(200);
    expect(values.fields.agreement).toBe('on');
    expect(values.fields.evil).toBeUndefined();
    expect(values.fields['contact.other']).toBeUndefined();
    expect(values.luggage).toEqual(['lug_0:0', 'lug_1:1']);
  });
});

describe('error paths', () => {
  test('JSON pointers and zod paths name the form fields', () => {
    expect(fieldNameOf('/passengers/1/document/expires_on')).toBe('passengers.1.document.expires_on');
    expect(fieldNameOf(['contact', 'email'])).toBe('contact.email');
    expect(fieldNameOf('')).toBe('');
  });

  test('each error is shown at its field; luggage errors at the passenger of that bag', () => {
    const luggage = ['lug_0:2', 'lug_1:0'];
    expect(errorTarget('passengers.0.born_on', luggage)).toBe('passengers.0.born_on');
    expect(errorTarget('passengers.0.document', luggage)).toBe('passengers.0.document.number');
    expect(errorTarget('services.0.passenger_index', luggage)).toBe('passengers.2.luggage');
    expect(errorTarget('services.1', luggage)).toBe('passengers.0.luggage');
    expect(errorTarget('services.5.id', luggage)).toBe('');
    expect(errorTarget('passengers', luggage)).toBe('passengers');
    expect(errorTarget('passengers.3.type', luggage)).toBe('passengers');
    expect(errorTarget('contact.phone_country', luggage)).toBe('contact.phone');
    expect(errorTarget('offer_id', luggage)).toBe('');
  });

  test('the first error of a field wins; unknown keys become the generic offer message; values kept', () => {
    const errors = toFieldErrors(
      [
        {
          path: '/passengers/0/born_on',
          message: 'booking.error.bornOnAdult',
          values: { date: '2026-12-20' },
        },
        { path: '/passengers/0/born_on', message: 'booking.error.bornOn' },
        { path: '/offer_id', message: 'something.else' },
      ],
      [],
    );
    expect(errors).toEqual({
      'passengers.0.born_on': { key: 'booking.error.bornOnAdult', values: { date: '2026-12-20' } },
      '': { key: 'booking.error.offer' },
    });
  });
});

describe('shownTotal', () => {
  test('adds the bags ticked to the offer total, exactly', () => {
    const data = form({
      offer_total: '661.55',
      'luggage_price.lug_0': '33.10',
      'luggage_price.lug_1': '0.35',
    });
    expect(shownTotal(data, [], 'USD')).toBe('661.55');
    expect(shownTotal(data, ['lug_0:0', 'lug_0:1', 'lug_1:0'], 'USD')).toBe('728.10');
    expect(
      shownTotal(form({ offer_total: '8401685', 'luggage_price.lug_0': '420000' }), ['lug_0:0'], 'UZS'),
    ).toBe('8821685');
  });

  test('a missing or unreadable price gives no total (the API then does not compare)', () => {
    expect(shownTotal(form({ offer_total: '1e3' }), [], 'USD')).toBeUndefined();
    expect(shownTotal(form({ offer_total: '10.00' }), ['lug_9:0'], 'USD')).toBeUndefined();
    expect(shownTotal(form({ offer_total: '10.5' }), [], 'UZS')).toBeUndefined();
  });
});

describe('buildOrderRequest', () => {
  test('a complete form becomes the API body: phone in E.164 for its country, names and documents as typed', () => {
    const result = buildOrderRequest(readForm(form({ ...contact, ...adult, luggage: ['lug_0:0'] })), context);
    expect(result).toEqual({
      ok: true,
      body: {
        offer_id: 'offer-id',
        expected_total: '412.50',
        currency: 'USD',
        lang: 'ru',
        contact: { full_name: 'Aziz Karimov', email: 'Aziz@Example.com', phone: '+998901234567' },
        passengers: [
          {
            type: 'adult',
            given_name: 'Aziz',
            family_name: "O'Neil",
            born_on: '1990-04-01',
            gender: 'male',
            citizenship: 'UZ',
            document: { number: 'AA 1234567', expires_on: '2035-01-01' },
          },
        ],
        services: [{ id: 'lug_0', passenger_index: 0 }],
        agreement: true,
      },
    });
  });

  test('every bad field gets its own message key, with the API schema', () => {
    const result = buildOrderRequest(
      readForm(
        form({
          'contact.full_name': ' ',
          'contact.email': 'not-an-email',
          'contact.phone_country': 'UZ',
          'contact.phone': '12345',
          'passengers.0.given_name': 'Азиз',
          'passengers.0.family_name': '',
          'passengers.0.born_on': '1990-02-30',
          'passengers.0.citizenship': 'XX',
          'passengers.0.document.number': 'A1',
          'passengers.0.document.expires_on': '',
        }),
      ),
      { ...context, agreement: false },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v.key]))).toEqual({
      'contact.full_name': 'booking.error.fullName',
      'contact.email': 'booking.error.email',
      'contact.phone': 'booking.error.phone',
      'passengers.0.given_name': 'booking.error.givenName',
      'passengers.0.family_name': 'booking.error.familyName',
      'passengers.0.born_on': 'booking.error.bornOn',
      'passengers.0.gender': 'booking.error.gender',
      'passengers.0.citizenship': 'booking.error.citizenship',
      'passengers.0.document.number': 'booking.error.documentNumber',
      'passengers.0.document.expires_on': 'booking.error.documentExpiresOn',
      agreement: 'booking.error.agreement',
    });
  });

  test('a number written in full with "+" is read as such, whatever the country picked', () => {
    const result = buildOrderRequest(
      readForm(form({ ...contact, 'contact.phone': '+90 532 123 45 67', ...adult })),
      context,
    );
    expect(result.ok && result.body.contact.phone).toBe('+905321234567');
  });
});
