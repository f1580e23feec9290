/**
 * A rule written straight into the pricing store, in force from a chosen instant, for suites that need it from the
 * start: the console's API applies a new version 30 seconds after it is written at the soonest (service.ts), and an
 * e2e site's embedded database is written before the site starts (docs/architecture.md: fixtures live with the
 * owner).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@parvoz/db';
import type { PriceRule } from '@parvoz/core/price-rules';
import { insertRuleVersion } from '../store.ts';
import { ruleBookOf } from '../service.ts';

/** The rule's first version, in force from `from`; answers its id. This instance forgets the rules it read, as after a console write. */
export async function addRuleInForce(db: Database, rule: Omit<PriceRule, 'id'>, from: Date): Promise<string> {
  const ruleId = randomUUID();
  await insertRuleVersion(db, {
    ruleId,
    version: 1,
    kind: rule.kind,
    priority: rule.priority,
    scope: rule.scope as Record<string, unknown>,
    percentBp: rule.percentBp ?? 0,
    fixedAmountMinor: rule.fixed?.amount ?? null,
    fixedCurrency: rule.fixed?.currency ?? null,
    per: rule.per,
    capAmountMinor: rule.cap?.amount ?? null,
    capCurrency: rule.cap?.currency ?? null,
    exclusive: rule.exclusive ?? false,
    effectiveFrom: from,
    retiredAt: null,
    authorUserId: null,
    createdAt: from,
  });
  ruleBookOf(db).forget();
  return ruleId;
}
