import { describe, expect, test } from 'vitest';
import { bookingFormSchema } from '@parvoz/contracts/booking';
import { parseForm } from '../../lib/form.server.ts';
import {
  errorTarget,
  fieldErrorCode,
  luggageOf,
  orderRequestOf,
  readFieldErrorCode,
  seatsOf,
  servicesOf,
  shownTotal,
  type BookingContext,
} from './booking-request.ts';

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

const adult = {
  'passengers[0].type': 'adult',
  'passengers[0].given_name': 'Aziz',
  'passengers[0].family_name': 'O’Neil',
  'passengers[0].born_on': '1990-04-01',
  'passengers[0].gender': 'male',
  'passengers[0].citizenship': 'uz',
  'passengers[0].document.number': 'AA 1234567',
  'passengers[0].document.expires_on': '2035-01-01',
  'passengers[0].traveller': '',
};
const contact = {
  'contact.full_name': 'Aziz  Karimov',
  'contact.email': 'Aziz@Example.com',
  'contact.phone_country': 'UZ',
  'contact.phone': '90 123 45 67',
};
const context: BookingContext = {
  offerId: 'offer-id',
  expectedTotal: '412.50',
  currency: 'USD',
  lang: 'ru',
  signedIn: false,
};

/** The booking form read as the action (and the browser) reads it: Conform with the contract's form schema. */
const parse = (entries: Record<string, string | string[]>) => parseForm(form(entries), bookingFormSchema);

/** The errors of a refused form by field name (none when it was accepted). */
function errorsOf(submission: ReturnType<typeof parse>): Record<string, string[] | null> {
  return submission.status === 'success' ? {} : (submission.error ?? {});
}

describe('the booking form, read with the contract schema', () => {
  test('a complete form becomes the API body: phone in E.164 for its country, names, documents, luggage', () => {
    const submission = parse({
      ...contact,
      ...adult,
      'passengers[0].luggage': ['lug_0', 'lug_1'],
      agreement: 'on',
      save_travellers: 'on',
      // The page's own fields are not the schema's: the action reads them itself.
      offer_id: 'offer-id',
      offer_total: '412.50',
    });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(orderRequestOf(submission.value, context)).toEqual({
      offer_id: 'offer-id',
      expected_total: '412.50',
      currency: 'USD',
      lang: 'ru',
      contact: { full_name: 'Aziz Karimov', email: 'aziz@example.com', phone: '+998901234567' },
      passengers: [
        {
          type: 'adult',
          given_name: 'Aziz',
          family_name: "O'Neil",
          born_on: '1990-04-01',
          gender: 'male',
          citizenship: 'UZ',
          document: { number: 'AA1234567', expires_on: '2035-01-01' },
        },
      ],
      services: [
        { id: 'lug_0', passenger_index: 0 },
        { id: 'lug_1', passenger_index: 0 },
      ],
      seats: [],
      agreement: true,
    });
    // Saving the passengers is for a signed-in traveller only.
    expect(orderRequestOf(submission.value, { ...context, signedIn: true }).save_travellers).toBe(true);
  });

  test('one bag ticked is a list of one; none is an empty list; the bags follow their passengers', () => {
    const second = Object.fromEntries(
      Object.entries(adult).map(([name, value]) => [name.replace('[0]', '[1]'), value]),
    );
    const submission = parse({
      ...contact,
      ...adult,
      ...second,
      'passengers[1].luggage': 'lug_1',
      agreement: 'on',
    });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.passengers.map((p) => p.luggage)).toEqual([[], ['lug_1']]);
    expect(servicesOf(submission.value)).toEqual([{ id: 'lug_1', passenger_index: 1 }]);
    expect(submission.value.save_travellers).toBe(false);
  });

  test('the seats picked per flight become the body\'s seats; "no choice" is none; a forged pick is refused', () => {
    const submission = parse({
      ...contact,
      ...adult,
      'passengers[0].seats': ['0-0:12A:11.00', '', '1-0:3C:0.00'],
      agreement: 'on',
    });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(orderRequestOf(submission.value, context).seats).toEqual([
      { passenger_index: 0, slice_index: 0, segment_index: 0, designator: '12A' },
      { passenger_index: 0, slice_index: 1, segment_index: 0, designator: '3C' },
    ]);
    expect(seatsOf(submission.value)).toHaveLength(2);
    const forged = parse({ ...contact, ...adult, 'passengers[0].seats': '0-0:12A', agreement: 'on' });
    expect(errorsOf(forged)['passengers[0].seats']).toEqual(['booking.error.seat']);
  });

  test('every bad field gets its own message key at its nested name; nothing is sent', () => {
    const submission = parse({
      'contact.full_name': ' ',
      'contact.email': 'not-an-email',
      'contact.phone_country': 'UZ',
      'contact.phone': '12345',
      'passengers[0].type': 'adult',
      'passengers[0].given_name': 'Азиз',
      'passengers[0].family_name': '',
      'passengers[0].born_on': '1990-02-30',
      'passengers[0].gender': '',
      'passengers[0].citizenship': 'XX',
      'passengers[0].document.number': 'A1',
      'passengers[0].document.expires_on': '',
      'passengers[0].luggage': 'bag of gold',
    });
    expect(submission.status).toBe('error');
    expect(Object.fromEntries(Object.entries(errorsOf(submission)).map(([k, v]) => [k, v?.[0]]))).toEqual({
      'contact.full_name': 'booking.error.fullName',
      'contact.email': 'booking.error.email',
      'contact.phone': 'booking.error.phone',
      'passengers[0].given_name': 'booking.error.givenName',
      'passengers[0].family_name': 'booking.error.familyName',
      'passengers[0].born_on': 'booking.error.bornOn',
      'passengers[0].gender': 'booking.error.gender',
      'passengers[0].citizenship': 'booking.error.citizenship',
      'passengers[0].document.number': 'booking.error.documentNumber',
      'passengers[0].document.expires_on': 'booking.error.documentExpiresOn',
      'passengers[0].luggage': 'booking.error.service',
      agreement: 'booking.error.agreement',
    });
    // The reply keeps what was typed, for the page to show again (also without JavaScript).
    const reply = submission.reply();
    expect(reply.initialValue).toMatchObject({
      contact: { email: 'not-an-email', phone: '12345', phone_country: 'UZ' },
      passengers: [{ given_name: 'Азиз' }],
    });
  });

  test('the phone: written with "+" it stands on its own; a country the number does not fit is refused', () => {
    const ok = parse({ ...contact, 'contact.phone': '+90 532 123 45 67', ...adult, agreement: 'on' });
    expect(ok.status === 'success' && ok.value.contact.phone).toBe('+905321234567');
    for (const phone of ['', '532 123 45 67', '+998 12']) {
      const refused = parse({ ...contact, 'contact.phone': phone, ...adult, agreement: 'on' });
      expect(errorsOf(refused)['contact.phone'], phone).toEqual(['booking.error.phone']);
    }
    // A country that is no country: the phone's error, not the picker's.
    const badCountry = parse({ ...contact, 'contact.phone_country': 'xx', ...adult, agreement: 'on' });
    expect(Object.keys(errorsOf(badCountry))).toEqual(['contact.phone']);
  });

  test('a form without passengers or contact is refused, never thrown', () => {
    const submission = parse({ agreement: 'on', 'passengers[100].given_name': 'x' });
    expect(submission.status).toBe('error');
    expect(Object.keys(errorsOf(submission)).sort()).toEqual(['contact', 'passengers']);
    expect(errorsOf(submission).passengers).toEqual(['booking.error.offer']);
  });
});

describe('error targets and codes', () => {
  test("each API error is shown at its field; a bag's at the passenger of that bag", () => {
    const services = [
      { id: 'lug_0', passenger_index: 2 },
      { id: 'lug_1', passenger_index: 0 },
    ];
    expect(errorTarget('passengers[0].born_on', services)).toBe('passengers[0].born_on');
    expect(errorTarget('passengers[0].document.expires_on', services)).toBe(
      'passengers[0].document.expires_on',
    );
    expect(errorTarget('passengers[0].document', services)).toBe('passengers[0].document.number');
    expect(errorTarget('services[0].passenger_index', services)).toBe('passengers[2].luggage');
    expect(errorTarget('services[1]', services)).toBe('passengers[0].luggage');
    expect(errorTarget('services[5].id', services)).toBe('');
    expect(errorTarget('passengers', services)).toBe('passengers');
    expect(errorTarget('passengers[3].type', services)).toBe('passengers');
    expect(errorTarget('contact.phone_country', services)).toBe('contact.phone');
    expect(errorTarget('contact.email', services)).toBe('contact.email');
    expect(errorTarget('offer_id', services)).toBe('');
    expect(errorTarget('expected_total', services)).toBe('');
    // A seat's error at its passenger's seats; one the API cannot place (taken meanwhile) at the form.
    const seats = [{ passenger_index: 1 }];
    expect(errorTarget('seats[0].designator', services, seats)).toBe('passengers[1].seats');
    expect(errorTarget('seats[3].designator', services, seats)).toBe('');
    expect(errorTarget('seats', services, seats)).toBe('');
  });

  test('an error code keeps its ICU values; an unknown key becomes the generic offer message', () => {
    const code = fieldErrorCode('booking.error.bornOnChild', { date: '2026-12-20' });
    expect(code).toBe('booking.error.bornOnChild?date=2026-12-20');
    expect(readFieldErrorCode(code)).toEqual({
      key: 'booking.error.bornOnChild',
      values: { date: '2026-12-20' },
    });
    expect(readFieldErrorCode(fieldErrorCode('booking.error.email'))).toEqual({
      key: 'booking.error.email',
      values: {},
    });
    expect(readFieldErrorCode('something.else?x=1')).toEqual({ key: 'booking.error.offer', values: {} });
    expect(readFieldErrorCode('')).toEqual({ key: 'booking.error.offer', values: {} });
  });

  test('the bags of a form as sent, as the page keeps them', () => {
    expect(luggageOf({ passengers: [{ luggage: 'lug_0' }, {}, { luggage: ['lug_0', 'lug_1', 3] }] })).toEqual(
      ['lug_0:0', 'lug_0:2', 'lug_1:2'],
    );
    expect(luggageOf({ passengers: 'x' })).toEqual([]);
    expect(luggageOf(null)).toEqual([]);
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
    expect(shownTotal(data, [{ id: 'lug_0' }, { id: 'lug_0' }, { id: 'lug_1' }], 'USD')).toBe('728.10');
    expect(
      shownTotal(form({ offer_total: '8401685', 'luggage_price.lug_0': '420000' }), [{ id: 'lug_0' }], 'UZS'),
    ).toBe('8821685');
  });

  test('adds the seats picked at the prices shown with them', () => {
    expect(shownTotal(form({ offer_total: '661.55' }), [], 'USD', ['11.00', '0.00', '30.45'])).toBe('703.00');
    expect(shownTotal(form({ offer_total: '661.55' }), [], 'USD', ['x'])).toBeUndefined();
  });

  test('a missing or unreadable price gives no total (the API then does not compare)', () => {
    expect(shownTotal(form({ offer_total: '1e3' }), [], 'USD')).toBeUndefined();
    expect(shownTotal(form({ offer_total: '10.00' }), [{ id: 'lug_9' }], 'USD')).toBeUndefined();
    expect(shownTotal(form({ offer_total: '10.5' }), [], 'UZS')).toBeUndefined();
  });
});
