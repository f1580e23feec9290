/**
 * Promo codes for suites that need one in place before the site starts (e2e): written as the console writes them
 * (ops.ts), by the command line, whose writes the audit log does not need here.
 */
import type { Database } from '@parvoz/db';
import type { OpsPromoCodeInput } from '@parvoz/contracts/promo-codes';
import { createPromoCode } from '../ops.ts';

const commandLine = {
  actor: { userId: '00000000-0000-4000-8000-000000000000', email: 'command-line' },
  audit: async () => undefined,
};

/** A code with `terms` (the console's shape, defaults filled in), written at `now`. */
export function addPromoCode(
  db: Database,
  terms: Omit<OpsPromoCodeInput, 'percent_bp' | 'scope'> & Partial<OpsPromoCodeInput>,
  now: Date,
) {
  return db.transaction((tx) =>
    createPromoCode(tx, { percent_bp: 0, scope: {}, ...terms }, commandLine, now),
  );
}
