/**
 * `npm run ops -- reset-second-factor <email>`: someone who lost every second factor and recovery code
 * (docs/decisions/0023-console-second-factor.md) has them all removed, audited as the command line; they enrol again after signing in.
 *
 * `npm run ops -- add-admin <email>`: makes the first admin of the console (docs/after-sale.md §5), on the
 * database the server uses (DATABASE_URL, else the embedded one under PARVOZ_DATA_DIR). Creates the account
 * when there is none; running it again changes nothing. The admin then signs in at /{lang}/login with the
 * code emailed to that address and opens /{lang}/ops. Stop `npm start` first with the embedded database (it
 * belongs to one process at a time).
 */
import path from 'node:path';
import { z } from 'zod';
import { createDatabase, migrate } from '@parvoz/db';
import { serverConfigSchema } from '@parvoz/host/config';
import { grantRole } from '@parvoz/api/modules/ops/index';
import { resetSecondFactor } from '@parvoz/api/second-factor/service';

const USAGE = 'usage: npm run ops -- add-admin <email> | reset-second-factor <email>';
const COMMANDS = ['add-admin', 'reset-second-factor'];

export async function runOps(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const [command, email, ...rest] = args;
  if (!command || !COMMANDS.includes(command) || !email || rest.length) throw new Error(USAGE);
  const parsed = z.email().safeParse(email.trim().toLowerCase());
  if (!parsed.success) throw new Error(`not an email address: ${email}\n${USAGE}`);
  const config = serverConfigSchema.parse(env);
  const database = await createDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL }
      : { dataDir: path.join(config.PARVOZ_DATA_DIR, 'pglite') },
  );
  try {
    await migrate(database.db);
    if (command === 'reset-second-factor') {
      const reset = await resetSecondFactor(database.db, parsed.data, new Date());
      if (!reset) throw new Error(`no account with the email ${parsed.data}: nothing changed.`);
      return `${parsed.data}: ${reset.factorsRemoved} factors and ${reset.recoveryCodesRemoved} recovery codes removed; they enrol again after signing in.`;
    }
    const { staff, changed } = await grantRole(database.db, {
      email: parsed.data,
      role: 'admin',
      actor: { userId: null, email: 'command-line' },
      now: new Date(),
    });
    return changed
      ? `${staff.email} is now an admin of the console: sign in with this email and open /en/ops.`
      : `${staff.email} is already ${staff.role === 'admin' ? 'an admin' : 'staff'}: nothing changed.`;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  runOps(process.argv.slice(2)).then(
    (message) => console.log(message),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
