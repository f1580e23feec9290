/**
 * Keys that are not configured are generated on first start and kept (docs/operations.md#secrets: no secret
 * is ever a constant in the source). Embedded database: a file beside it, readable by the server's user only
 * (mode 0600). PostgreSQL: the `server_secrets` table, so every instance on the same server shares the key;
 * the first to start inserts it and the others read it (INSERT … ON CONFLICT DO NOTHING, then SELECT).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import {
  GENERATED_SECRETS,
  type ApiConfig,
  type ApiSettings,
  type GeneratedSecret,
} from '@parvoz/api/config';

/** 256 random bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Returns the kept value of each name, generating and keeping the missing ones. */
export type SecretKeeper = { where: string; take(names: readonly string[]): Promise<Record<string, string>> };

export function fileSecretKeeper(file: string): SecretKeeper {
  return {
    where: file,
    async take(names) {
      let kept: Record<string, unknown> = {};
      try {
        kept = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
        // Tightened on every start, should someone have copied the file with looser rights.
        await chmod(file, 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const missing = names.filter((name) => typeof kept[name] !== 'string');
      if (missing.length) {
        for (const name of missing) kept[name] = newSecret();
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        // Written whole, then renamed: a crash never leaves a half-written file.
        const draft = `${file}.${process.pid}.tmp`;
        await writeFile(draft, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
        await rename(draft, file);
      }
      return Object.fromEntries(names.map((name) => [name, kept[name] as string]));
    },
  };
}

export function databaseSecretKeeper(db: Database): SecretKeeper {
  return {
    where: 'the database (server_secrets)',
    async take(names) {
      if (names.length === 0) return {};
      await db
        .insert(schema.serverSecrets)
        .values(names.map((name) => ({ name, value: newSecret() })))
        .onConflictDoNothing();
      const rows = await db
        .select({ name: schema.serverSecrets.name, value: schema.serverSecrets.value })
        .from(schema.serverSecrets)
        .where(inArray(schema.serverSecrets.name, [...names]));
      return Object.fromEntries(rows.map((row) => [row.name, row.value]));
    },
  };
}

/** The settings with every generated key filled in: configured ones win, the rest come from `keeper`. */
export async function withKeptSecrets(
  settings: ApiSettings,
  keeper: SecretKeeper,
  log?: (message: string) => void,
): Promise<ApiConfig> {
  const missing = (Object.keys(GENERATED_SECRETS) as GeneratedSecret[]).filter((key) => !settings[key]);
  if (missing.length === 0) return settings as ApiConfig;
  const kept = await keeper.take(missing.map((key) => GENERATED_SECRETS[key]));
  const filled = { ...settings };
  for (const key of missing) filled[key] = kept[GENERATED_SECRETS[key]];
  log?.(
    `${missing.map((key) => GENERATED_SECRETS[key]).join(', ')} not set: using the key generated on first start, kept in ${keeper.where}`,
  );
  return filled as ApiConfig;
}
