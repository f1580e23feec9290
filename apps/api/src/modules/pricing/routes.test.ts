/**
 * The console's pricing rules through HTTP (inject, PGlite): only admins reach them (anonymous callers, travellers
 * and operators get the 404 of an unknown endpoint), a bad rule is refused with a 400 that changes nothing, and
 * each write is a new version with its author, its time and an audit entry.
 */
import { describe, expect, test } from 'vitest';
import { accountIdOf } from '../accounts/testing/accounts.ts';
import { auditEntriesOf } from '../ops/testing/ops.ts';
import { useConsoleApi, type ConsoleMethod } from '../ops/testing/console-callers.ts';
import { ruleVersionCount } from './index.ts';
import { EFFECTIVE_LEAD_MS } from './service.ts';

const clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
const { api, call } = useConsoleApi(clock);

/** A 5 % markup per passenger on Tashkent departures. */
const markup = (over: Record<string, unknown> = {}) => ({
  kind: 'markup',
  priority: 10,
  scope: { origins: [{ city: 'tas' }] },
  percent_bp: 500,
  per: 'passenger',
  ...over,
});

describe('who may use the pricing rules', () => {
  test('anonymous callers, travellers and operators get the 404 of an unknown endpoint and change nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const routes: [ConsoleMethod, string, object | undefined][] = [
      ['GET', '/v1/ops/price-rules', undefined],
      ['POST', '/v1/ops/price-rules', markup()],
      ['PUT', `/v1/ops/price-rules/${id}`, markup()],
      ['POST', `/v1/ops/price-rules/${id}/retire`, {}],
      ['POST', '/v1/ops/price-rules/preview', { rule: markup() }],
    ];
    for (const role of ['anonymous', 'traveller', 'operator'] as const) {
      for (const [method, url, payload] of routes) {
        const res = await call(role, method, url, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await ruleVersionCount(api.db)).toBe(0);
  });
});

describe('an admin writes rules, each edit a version', () => {
  test('bad input is a 400 that writes nothing: the shape, the amounts and the core’s checks', async () => {
    const bad: object[] = [
      markup({ kind: 'surcharge' }),
      markup({ percent_bp: 10_001 }),
      markup({ scope: { origins: [{ town: 'TAS' }] } }),
      markup({ percent_bp: 0 }), // adds nothing (ruleProblems)
      markup({ fixed: { amount: '10.5', currency: 'UZS' } }), // so'm have no decimals
      markup({ scope: { travel_from: '2027-01-10', travel_until: '2027-01-01' } }),
      markup({ surprise: true }),
    ];
    for (const payload of bad) {
      const res = await call('admin', 'POST', '/v1/ops/price-rules', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect(await ruleVersionCount(api.db)).toBe(0);
    expect(await auditEntriesOf(api.db, { targetType: 'price_rule' })).toEqual([]);
  });

  test('created, edited for later and retired: every version kept with its author, time and audit entry', async () => {
    const created = await call('admin', 'POST', '/v1/ops/price-rules', markup());
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json().data;
    // Asked for no time: from when every instance has it.
    expect(rule.versions).toHaveLength(1);
    expect(rule.versions[0]).toMatchObject({
      version: 1,
      kind: 'markup',
      percent_bp: 500,
      scope: { origins: [{ city: 'TAS' }] },
      fixed: null,
      retired: false,
      effective_from: new Date(clock.getTime() + EFFECTIVE_LEAD_MS).toISOString(),
      created_at: clock.toISOString(),
    });
    expect(rule.versions[0].author_user_id).toBe(await accountIdOf(api.db, 'admin@agency.test'));
    expect(rule.in_force).toBeNull();

    const nextWeek = new Date(clock.getTime() + 7 * 86_400_000).toISOString();
    const edited = await call(
      'admin',
      'PUT',
      `/v1/ops/price-rules/${rule.id}`,
      markup({ percent_bp: 700, fixed: { amount: '50000', currency: 'UZS' }, effective_from: nextWeek }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(edited.json().data.versions[0]).toMatchObject({
      percent_bp: 700,
      fixed: { amount: '50000', currency: 'UZS' },
      effective_from: nextWeek,
    });

    const retired = await call('admin', 'POST', `/v1/ops/price-rules/${rule.id}/retire`, {});
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data.versions[0]).toMatchObject({ version: 3, retired: true, percent_bp: 700 });

    const listed = await call('admin', 'GET', '/v1/ops/price-rules');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([retired.json().data]);
    expect(await ruleVersionCount(api.db)).toBe(3);

    const audit = await auditEntriesOf(api.db, { targetType: 'price_rule', targetId: rule.id });
    expect(audit.map((e) => [e.action, e.actorEmail, e.details.version])).toEqual(
      expect.arrayContaining([
        ['price_rule.created', 'admin@agency.test', 1],
        ['price_rule.updated', 'admin@agency.test', 2],
        ['price_rule.retired', 'admin@agency.test', 3],
      ]),
    );
    expect(audit).toHaveLength(3);
  });

  test('an unknown rule is a 404 and an edit refused by the core leaves the rule as it was', async () => {
    const missing = '00000000-0000-4000-8000-000000000002';
    expect((await call('admin', 'PUT', `/v1/ops/price-rules/${missing}`, markup())).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/v1/ops/price-rules/${missing}/retire`, {})).statusCode).toBe(404);
    const created = await call('admin', 'POST', '/v1/ops/price-rules', markup({ kind: 'service_fee' }));
    const id = created.json().data.id as string;
    const before = await ruleVersionCount(api.db);
    const refused = await call('admin', 'PUT', `/v1/ops/price-rules/${id}`, markup({ percent_bp: 0 }));
    expect(refused.statusCode).toBe(400);
    expect(await ruleVersionCount(api.db)).toBe(before);
  });
});
