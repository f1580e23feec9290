import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '@parvoz/db/testing';
import { apiConfigFromEnv } from '@parvoz/api/config';
import { databaseSecretKeeper, fileSecretKeeper, withKeptSecrets } from './secrets.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parvoz-secrets-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('keys that are not configured', () => {
  test('are generated on first start, kept in a file only the server user can read, and reused', async () => {
    const file = path.join(tempDir(), 'data', 'secrets.json');
    const first = await withKeptSecrets(apiConfigFromEnv({}), fileSecretKeeper(file));
    expect(first.offerSecret).toMatch(/^[\w-]{43}$/);
    expect(first.paymentWebhookSecret).toMatch(/^[\w-]{43}$/);
    expect(first.offerSecret).not.toBe(first.paymentWebhookSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await withKeptSecrets(apiConfigFromEnv({}), fileSecretKeeper(file));
    expect(again.offerSecret).toBe(first.offerSecret);
    expect(again.paymentWebhookSecret).toBe(first.paymentWebhookSecret);
    // Another data directory (another site) gets other keys.
    const other = await withKeptSecrets(
      apiConfigFromEnv({}),
      fileSecretKeeper(path.join(tempDir(), 's.json')),
    );
    expect(other.offerSecret).not.toBe(first.offerSecret);
  });

  test('a configured key wins and is never written down; a loosened file is tightened again', async () => {
    const file = path.join(tempDir(), 'secrets.json');
    writeFileSync(file, JSON.stringify({ PAYMENT_WEBHOOK_SECRET: 'kept-webhook-secret-0123456789' }));
    chmodSync(file, 0o644);
    const config = await withKeptSecrets(
      apiConfigFromEnv({ OFFER_SECRET: 'configured-offer-secret-0123456789' }),
      fileSecretKeeper(file),
    );
    expect(config.offerSecret).toBe('configured-offer-secret-0123456789');
    expect(config.paymentWebhookSecret).toBe('kept-webhook-secret-0123456789');
    expect(readFileSync(file, 'utf8')).not.toContain('configured-offer-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('a damaged file stops the start instead of silently replacing the keys', async () => {
    const file = path.join(tempDir(), 'secrets.json');
    writeFileSync(file, '{"OFFER_SECRET": "trunc');
    await expect(withKeptSecrets(apiConfigFromEnv({}), fileSecretKeeper(file))).rejects.toThrow(SyntaxError);
  });

  test('in the database every instance gets the same keys, even when they start together', async () => {
    const database = await createTestDatabase();
    try {
      const starts = await Promise.all(
        Array.from({ length: 4 }, () =>
          withKeptSecrets(apiConfigFromEnv({}), databaseSecretKeeper(database.db)),
        ),
      );
      const offerSecrets = new Set(starts.map((c) => c.offerSecret));
      expect(offerSecrets.size).toBe(1);
      expect([...offerSecrets][0]).toMatch(/^[\w-]{43}$/);
      expect(new Set(starts.map((c) => c.paymentWebhookSecret)).size).toBe(1);
    } finally {
      await database.close();
    }
  });
});
