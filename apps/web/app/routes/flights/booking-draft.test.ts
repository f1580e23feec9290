import { describe, expect, test } from 'vitest';
import { draftOf, keptInDraft } from './booking-draft.ts';
import { outcomeUnknown } from './booking-client-action.ts';

describe('the booking form draft (docs/decisions/0027-booking-form-draft.md)', () => {
  test('keeps the contact and the names, gender and citizenship; never the birth date or the document', () => {
    const form = new FormData();
    const fields: Record<string, string> = {
      'contact.full_name': 'Aziz Karimov',
      'contact.email': 'aziz@example.com',
      'contact.phone_country': 'UZ',
      'contact.phone': '90 123 45 67',
      'passengers[0].type': 'adult',
      'passengers[0].given_name': 'AZIZ',
      'passengers[0].family_name': 'KARIMOV',
      'passengers[0].born_on': '1990-04-01',
      'passengers[0].gender': 'male',
      'passengers[0].citizenship': 'UZ',
      'passengers[0].document.number': 'AA1234567',
      'passengers[0].document.expires_on': '2031-01-01',
      'passengers[1].given_name': '',
      idempotency_key: 'key-12345678',
      agreement: 'on',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    expect(draftOf(form)).toEqual({
      'contact.full_name': 'Aziz Karimov',
      'contact.email': 'aziz@example.com',
      'contact.phone_country': 'UZ',
      'contact.phone': '90 123 45 67',
      'passengers[0].given_name': 'AZIZ',
      'passengers[0].family_name': 'KARIMOV',
      'passengers[0].gender': 'male',
      'passengers[0].citizenship': 'UZ',
    });
    for (const name of ['passengers[3].born_on', 'passengers[0].document.number', 'agreement', 'offer_id'])
      expect(keptInDraft(name), name).toBe(false);
  });

  test('an answer that never came or a 5xx is an unknown outcome; a redirect or a 4xx is not', () => {
    expect(outcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
    expect(outcomeUnknown(new Error('boom'))).toBe(true);
    expect(outcomeUnknown(new Response(null, { status: 302, headers: { Location: '/uz' } }))).toBe(false);
    const refused = (status: number) => ({ status, statusText: '', internal: false, data: null });
    expect(outcomeUnknown(refused(502))).toBe(true);
    expect(outcomeUnknown(refused(404))).toBe(false);
  });
});
