import { describe, expect, test } from 'vitest';
import { createDatabase } from '@parvoz/db';
import { createTestDatabase } from '@parvoz/db/testing';
import { apiConfigFromEnv } from '@parvoz/api/config';
import { databaseSecretKeeper, withKeptSecrets } from './secrets.ts';

describe('generated keys on a real PostgreSQL server', () => {
  test('instances starting at once through their own pools all get the one key stored', async () => {
    const database = await createTestDatabase();
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => createDatabase({ url: database.url!, poolSize: 2 })),
    );
    try {
      const starts = await Promise.all(
        instances.map((instance) => withKeptSecrets(apiConfigFromEnv({}), databaseSecretKeeper(instance.db))),
      );
      expect(new Set(starts.map((c) => c.offerSecret)).size).toBe(1);
      expect(new Set(starts.map((c) => c.paymentWebhookSecret)).size).toBe(1);
      const later = await withKeptSecrets(apiConfigFromEnv({}), databaseSecretKeeper(database.db));
      expect(later.offerSecret).toBe(starts[0]!.offerSecret);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.close();
    }
  });
});
