/**
 * The Payme cashbox key in force. When the key is changed in Payme's merchant cabinet, Payme calls the
 * Merchant API's ChangePassword with the new key (developer.help.paycom.uz/metody-merchant-api/changepassword),
 * authenticated with the old one; from then on Payme signs every call with the new key, and the Subscribe API
 * (`X-Auth`) takes only it. The new key is kept like the server's other keys (apps/host/src/secrets.ts): in
 * the database's `server_secrets`, so it survives a restart and every instance reads the same one. It is kept
 * with a digest of the PAYME_KEY it replaced: once an operator configures another key (the one from the
 * cabinet, say), the configured key applies again.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

/** The row of `server_secrets` that holds the rotated key. */
export const PAYME_KEY_SECRET = 'PAYME_KEY_ROTATED';

interface RotatedKey {
  key: string;
  /** SHA-256 (hex) of the configured key it replaced. */
  replaces: string;
}

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

function parse(value: string): RotatedKey | null {
  try {
    const parsed = JSON.parse(value) as Partial<RotatedKey>;
    return typeof parsed.key === 'string' && typeof parsed.replaces === 'string'
      ? { key: parsed.key, replaces: parsed.replaces }
      : null;
  } catch {
    return null;
  }
}

/** The key Payme uses now: the one ChangePassword gave, while PAYME_KEY is still the one it replaced. */
export async function paymeKeyInForce(db: Database, configured: string): Promise<string> {
  const [row] = await db
    .select({ value: schema.serverSecrets.value })
    .from(schema.serverSecrets)
    .where(eq(schema.serverSecrets.name, PAYME_KEY_SECRET));
  const rotated = row ? parse(row.value) : null;
  return rotated && rotated.replaces === digest(configured) ? rotated.key : configured;
}

/** Keeps `key` as the key in force (ChangePassword), replacing any earlier rotation. */
export async function keepPaymeKey(db: Database, configured: string, key: string): Promise<void> {
  const value = JSON.stringify({ key, replaces: digest(configured) } satisfies RotatedKey);
  await db
    .insert(schema.serverSecrets)
    .values({ name: PAYME_KEY_SECRET, value })
    .onConflictDoUpdate({ target: schema.serverSecrets.name, set: { value, createdAt: sql`now()` } });
}
