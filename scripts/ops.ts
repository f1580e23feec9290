/**
 * Operator-console tasks from the command line (issue 13 §5):
 *   npm run ops -- add-admin EMAIL
 * makes EMAIL an admin of the console at /{lang}/ops (creating the account when there is none), on the same
 * database the site uses: DATABASE_URL when set, else the embedded one under PARVOZ_DATA_DIR (./var). Safe to
 * run again: an admin stays an admin and nothing changes. The person then signs in with the site's emailed
 * code. With the embedded database, run it while the site is stopped (PGlite belongs to one process).
 */
import path from 'node:path';
import { createDatabase, migrate } from '@parvoz/db';
import { emailSchema } from '@parvoz/contracts/auth';
import { serverConfigSchema } from '@parvoz/api/host/config';
import { addAdminFromCommandLine } from '@parvoz/api/services/staff';

const USAGE = 'usage: npm run ops -- add-admin EMAIL';

export async function runOps(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, address, ...rest] = args;
  if (command !== 'add-admin' || address === undefined || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const email = emailSchema.safeParse(address);
  if (!email.success) {
    console.error(`not an email address: ${address}\n${USAGE}`);
    return 2;
  }
  const config = serverConfigSchema.pick({ DATABASE_URL: true, PARVOZ_DATA_DIR: true }).safeParse(env);
  if (!config.success) {
    console.error(
      `bad configuration: ${config.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    return 2;
  }
  const { DATABASE_URL, PARVOZ_DATA_DIR } = config.data;
  const database = await createDatabase(
    DATABASE_URL ? { url: DATABASE_URL } : { dataDir: path.join(PARVOZ_DATA_DIR, 'pglite') },
  );
  try {
    await migrate(database.db);
    const outcome = await addAdminFromCommandLine(database.db, email.data, new Date());
    const where = DATABASE_URL
      ? 'the PostgreSQL database (DATABASE_URL)'
      : `the embedded database in ${PARVOZ_DATA_DIR}`;
    if (outcome.previousRole === 'admin') {
      console.log(`${outcome.email} is already an admin in ${where}: nothing changed.`);
    } else {
      const account = outcome.createdUser ? 'created the account of' : 'found the account of';
      const before = outcome.previousRole === 'operator' ? ' (an operator until now)' : '';
      console.log(
        `${account[0]!.toUpperCase()}${account.slice(1)} ${outcome.email}${before} and made it an admin in ${where}.`,
      );
      console.log(`They sign in at /en/login with a code sent to that email, then open /en/ops.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) process.exitCode = await runOps(process.argv.slice(2));
