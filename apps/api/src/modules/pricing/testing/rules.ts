/**
 * A pricing rule already in force, for suites that cannot wait the lead every console write takes before it
 * applies (service.ts `EFFECTIVE_LEAD_MS`): written as if an hour before `now`.
 */
import type { Database } from '@parvoz/db';
import type { OpsPriceRuleInput } from '@parvoz/contracts/ops-pricing';
import { createRule } from '../service.ts';

const commandLine = {
  actor: { userId: '00000000-0000-4000-8000-000000000000', email: 'command-line' },
  audit: async () => undefined,
};

export function addRuleInForce(db: Database, rule: OpsPriceRuleInput, now: Date) {
  return db.transaction((tx) => createRule(tx, rule, commandLine, new Date(now.getTime() - 3_600_000)));
}
