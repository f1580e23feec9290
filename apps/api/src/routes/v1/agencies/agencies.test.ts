/**
 * Agency applications through the API (inject), on a fresh database, and the operator's emails delivered by
 * the outbox to a real SMTP server. (Moved from the tours' route tests, modules/tours/routes.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { useOperatorFormApi } from '../../../testing/operator-forms.ts';
import { storedAgencyApplication } from '../../../modules/ops/testing/ops.ts';

const OPERATOR = 'sales@parvoz.test';
const clock = new Date('2030-03-01T08:00:00Z');
const { api, post, count } = useOperatorFormApi({ operatorEmail: OPERATOR, clock, ipPrefix: '10.2' });

describe('agency applications', () => {
  const application = {
    company_name: 'Samarqand Travel MChJ',
    tax_id: '305 123 456',
    country_code: 'uz',
    city: 'Samarkand',
    contact_name: 'Aziz Rakhimov',
    email: 'aziz@samarqand-travel.uz',
    phone: '+998662345678',
    website: 'https://samarqand-travel.uz',
    message: null,
    lang: 'en',
  };

  test('an application is stored and emailed to the operator', async () => {
    const before = await count('agency_applications');
    const response = await post('/v1/agencies/applications', application);
    expect(response.statusCode).toBe(201);
    expect(await count('agency_applications')).toBe(before + 1);
    const row = (await storedAgencyApplication(api.db, response.json().data.id))!;
    const stored = {
      company_name: row.companyName,
      tax_id: row.taxId,
      country_code: row.countryCode,
      email: row.email,
      phone: row.phone,
      website: row.website,
      message: row.message,
      lang: row.lang,
      status: row.status,
    };
    expect(stored).toEqual({
      company_name: 'Samarqand Travel MChJ',
      tax_id: '305 123 456',
      country_code: 'UZ',
      email: 'aziz@samarqand-travel.uz',
      phone: '+998662345678',
      website: 'https://samarqand-travel.uz',
      message: null,
      lang: 'en',
      status: 'new',
    });
    await api.app.outbox.runOnce();
    const subject = 'Заявка агентства: Samarqand Travel MChJ';
    await expect.poll(() => api.smtp.to(OPERATOR).some((m) => m.subject === subject)).toBe(true);
    const mail = api.smtp.to(OPERATOR).find((m) => m.subject === subject)!;
    expect(mail.text).toContain('Узбекистан (UZ)');
    expect(mail.text).toContain('305 123 456');
  });

  test('invalid applications are a 400 and nothing is stored', async () => {
    const before = await count('agency_applications');
    for (const change of [
      { tax_id: '12' },
      { tax_id: 'ab<script>' },
      { country_code: 'XX' },
      { website: 'ftp://agency.uz' },
      { website: 'javascript:alert(1)' },
      { company_name: '' },
      { phone: 'call me' },
    ]) {
      const response = await post('/v1/agencies/applications', { ...application, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await count('agency_applications')).toBe(before);
  });
});
