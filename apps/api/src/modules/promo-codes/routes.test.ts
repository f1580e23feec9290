/**
 * The console's promo codes through HTTP (inject, PGlite): only admins reach them (anonymous callers, travellers
 * and operators get the 404 of an unknown endpoint), bad terms are a 400 that writes nothing, a code is unique
 * whatever its case, and each write is a version with its author, its time and an audit entry.
 */
import { describe, expect, test } from 'vitest';
import { accountIdOf } from '../accounts/testing/accounts.ts';
import { auditEntriesOf } from '../ops/testing/ops.ts';
import { useConsoleApi, type ConsoleMethod } from '../ops/testing/console-callers.ts';
import { allPromoCodes } from './store.ts';

const clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
const { api, call } = useConsoleApi(clock);

/** 5 % per passenger off Tashkent departures, 100 uses, one per traveller. */
const terms = (over: Record<string, unknown> = {}) => ({
  code: 'spring5',
  percent_bp: 500,
  per: 'passenger',
  scope: { origins: [{ city: 'tas' }] },
  total_limit: 100,
  per_traveller_limit: 1,
  ...over,
});

describe('who may use the promo codes', () => {
  test('anonymous callers, travellers and operators get the 404 of an unknown endpoint and change nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const routes: [ConsoleMethod, string, object | undefined][] = [
      ['GET', '/v1/ops/promo-codes', undefined],
      ['POST', '/v1/ops/promo-codes', terms()],
      ['PUT', `/v1/ops/promo-codes/${id}`, terms()],
      ['POST', `/v1/ops/promo-codes/${id}/retire`, {}],
    ];
    for (const role of ['anonymous', 'traveller', 'operator'] as const) {
      for (const [method, url, payload] of routes) {
        const res = await call(role, method, url, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await allPromoCodes(api.db)).toEqual([]);
  });
});

describe('an admin writes codes, each edit a version', () => {
  test('bad terms are a 400 that writes nothing: the shape, the amounts and the core’s checks', async () => {
    const bad: object[] = [
      terms({ code: 'a b' }),
      terms({ percent_bp: 10_001 }),
      terms({ percent_bp: 0 }), // takes nothing off (promoProblems)
      terms({ fixed: { amount: '10.5', currency: 'UZS' }, percent_bp: 0 }), // so'm have no decimals
      terms({ total_limit: 0 }),
      terms({ per_traveller_limit: 200 }), // above the total limit
      terms({ valid_from: '2027-01-10T00:00:00Z', valid_until: '2027-01-01T00:00:00Z' }),
      terms({ surprise: true }),
    ];
    for (const payload of bad) {
      const res = await call('admin', 'POST', '/v1/ops/promo-codes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect(await allPromoCodes(api.db)).toEqual([]);
    expect(await auditEntriesOf(api.db, { targetType: 'promo_code' })).toEqual([]);
  });

  test('created, edited and retired: every version kept with its author, time and audit entry', async () => {
    const created = await call('admin', 'POST', '/v1/ops/promo-codes', terms());
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().data;
    expect(code).toMatchObject({ code: 'SPRING5', used: 0, retired: false });
    expect(code.terms).toMatchObject({
      code: 'SPRING5',
      scope: { origins: [{ city: 'TAS' }] },
      total_limit: 100,
    });
    const admin = await accountIdOf(api.db, 'admin@agency.test');
    expect(code.versions).toEqual([
      {
        version: 1,
        terms: code.terms,
        retired: false,
        author_user_id: admin,
        created_at: clock.toISOString(),
      },
    ]);

    // Codes are one whatever their case: another "Spring5" is refused, as is renaming another code to it.
    const twin = await call('admin', 'POST', '/v1/ops/promo-codes', terms({ code: 'Spring5' }));
    expect(twin.statusCode).toBe(422);
    expect(twin.json().error.details).toEqual({ reason: 'code_taken' });
    const other = (await call('admin', 'POST', '/v1/ops/promo-codes', terms({ code: 'OTHER' }))).json().data;
    const renamed = await call('admin', 'PUT', `/v1/ops/promo-codes/${other.id}`, terms({ code: 'SPRING5' }));
    expect(renamed.statusCode).toBe(422);

    const until = '2027-01-31T00:00:00.000Z';
    const edited = await call(
      'admin',
      'PUT',
      `/v1/ops/promo-codes/${code.id}`,
      terms({ percent_bp: 700, cap: { amount: '20', currency: 'USD' }, valid_until: until }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(edited.json().data.terms).toMatchObject({
      percent_bp: 700,
      cap: { amount: '20.00', currency: 'USD' },
      valid_until: until,
    });

    const retired = await call('admin', 'POST', `/v1/ops/promo-codes/${code.id}/retire`, {});
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data).toMatchObject({ retired: true, terms: { percent_bp: 700 } });
    expect(retired.json().data.versions[0]).toMatchObject({ version: 3, retired: true });

    const listed = await call('admin', 'GET', '/v1/ops/promo-codes');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.find((c: { id: string }) => c.id === code.id)).toEqual(retired.json().data);

    const audit = await auditEntriesOf(api.db, { targetType: 'promo_code', targetId: code.id });
    expect(audit.map((e) => [e.action, e.actorEmail, e.details.version])).toEqual(
      expect.arrayContaining([
        ['promo_code.created', 'admin@agency.test', 1],
        ['promo_code.updated', 'admin@agency.test', 2],
        ['promo_code.retired', 'admin@agency.test', 3],
      ]),
    );
    expect(audit).toHaveLength(3);
  });

  test('an unknown code is a 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000002';
    expect((await call('admin', 'PUT', `/v1/ops/promo-codes/${missing}`, terms())).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/v1/ops/promo-codes/${missing}/retire`, {})).statusCode).toBe(404);
  });
});
