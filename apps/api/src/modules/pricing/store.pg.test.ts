/**
 * On real PostgreSQL: two instances (each with its own pool) editing the same rule at once both succeed, one after
 * the other, with distinct versions; the migration's checks refuse a version that breaks them.
 */
import { expect, test } from 'vitest';
import { createDatabase } from '@parvoz/db';
import { useTestDatabase } from '../../testing/started.ts';
import { allRuleVersions, insertRuleVersion } from './store.ts';
import { createRule, updateRule, type RuleWriter } from './service.ts';

const database = useTestDatabase();

const writer: RuleWriter = {
  actor: { userId: '00000000-0000-4000-8000-0000000000aa', email: 'admin@agency.test' },
  audit: async () => undefined,
};
const input = (percent: number) => ({
  kind: 'markup' as const,
  priority: 1,
  scope: {},
  percent_bp: percent,
  per: 'passenger' as const,
  exclusive: false,
});

test('two instances editing one rule at once write versions 2 and 3', async () => {
  const now = new Date(Date.UTC(2026, 10, 23, 6, 0));
  const rule = await database.db.transaction((tx) => createRule(tx, input(100), writer, now));
  const instances = await Promise.all([1, 2].map(() => createDatabase({ url: database.url!, poolSize: 2 })));
  try {
    await Promise.all(
      instances.map((instance, i) =>
        instance.db.transaction((tx) => updateRule(tx, rule.id, input(200 + i), writer, now)),
      ),
    );
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
  }
  const versions = (await allRuleVersions(database.db)).filter((r) => r.ruleId === rule.id);
  expect(versions.map((r) => r.version).sort()).toEqual([1, 2, 3]);
  expect(versions.map((r) => r.percentBp).sort()).toEqual([100, 200, 201]);
});

test('the table refuses a percentage out of range and an amount without its currency', async () => {
  const row = {
    ruleId: '00000000-0000-4000-8000-0000000000bb',
    version: 1,
    kind: 'markup' as const,
    priority: 1,
    per: 'order' as const,
    // The table's checks do not look at dates: any fixed instant serves.
    effectiveFrom: new Date('2026-12-06T12:00:00Z'),
  };
  await expect(insertRuleVersion(database.db, { ...row, percentBp: 10_001 })).rejects.toThrow();
  await expect(insertRuleVersion(database.db, { ...row, fixedAmountMinor: 100 })).rejects.toThrow();
  await expect(insertRuleVersion(database.db, { ...row, version: 0, percentBp: 1 })).rejects.toThrow();
  expect((await allRuleVersions(database.db)).filter((r) => r.ruleId === row.ruleId)).toEqual([]);
});
