/**
 * Which versions are in force at an instant (modules/pricing/service.ts): per rule the latest version whose time
 * has come, none once a version retires it, a version set for later not before its time.
 */
import { describe, expect, test } from 'vitest';
import { versionsInForce } from './service.ts';
import type { PriceRuleRow } from './store.ts';

const t0 = Date.UTC(2026, 10, 23, 6, 0);
const row = (
  ruleId: string,
  version: number,
  from: number,
  over: Partial<PriceRuleRow> = {},
): PriceRuleRow => ({
  ruleId,
  version,
  kind: 'markup',
  priority: 1,
  scope: {},
  percentBp: 100 * version,
  fixedAmountMinor: null,
  fixedCurrency: null,
  per: 'passenger',
  capAmountMinor: null,
  capCurrency: null,
  exclusive: false,
  effectiveFrom: new Date(from),
  retiredAt: null,
  authorUserId: null,
  createdAt: new Date(t0),
  ...over,
});

const inForce = (rows: PriceRuleRow[], at: number) =>
  versionsInForce(rows, at).map((r) => `${r.ruleId}@${r.version}`);

describe('the versions in force at an instant', () => {
  test('nothing before the first version’s time; then the latest version that has come', () => {
    const rows = [row('a', 1, t0 + 1000), row('a', 2, t0 + 5000)];
    expect(inForce(rows, t0)).toEqual([]);
    expect(inForce(rows, t0 + 1000)).toEqual(['a@1']);
    expect(inForce(rows, t0 + 4999)).toEqual(['a@1']);
    expect(inForce(rows, t0 + 5000)).toEqual(['a@2']);
  });

  test('a later version written for sooner wins once both have come', () => {
    const rows = [row('a', 1, t0), row('a', 2, t0 + 10_000), row('a', 3, t0 + 5000)];
    expect(inForce(rows, t0 + 6000)).toEqual(['a@3']);
    expect(inForce(rows, t0 + 20_000)).toEqual(['a@3']);
  });

  test('a retiring version ends the rule from its time; other rules stay', () => {
    const retired = row('a', 2, t0 + 5000, { retiredAt: new Date(t0 + 5000) });
    const rows = [row('a', 1, t0), retired, row('b', 1, t0)];
    expect(inForce(rows, t0 + 4000).sort()).toEqual(['a@1', 'b@1']);
    expect(inForce(rows, t0 + 5000)).toEqual(['b@1']);
  });
});
