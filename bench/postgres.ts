import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** DATABASE_URL, else the URL of the test PostgreSQL server of packages/db, started if it is not running. */
export function benchDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const script = path.resolve(import.meta.dirname, '../packages/db/scripts/pg-test-server.sh');
  return execFileSync('bash', [script, 'start'], { encoding: 'utf8' }).trim();
}
