/**
 * On real PostgreSQL: several outbox workers (as on several instances, each with its own pool) share the
 * work with FOR UPDATE SKIP LOCKED and send every email exactly once; rate-limit counters are exact under
 * concurrency.
 */
import { expect, test } from 'vitest';
import { createDatabase } from '@parvoz/db';
import { useTestDatabase } from '../../testing/started.ts';
import type { MailTransport, OutgoingEmail } from '../../adapters/mail/transport.ts';
import { createOutboxWorker } from './outbox.ts';
import { enqueueEmail, renderEmail } from './mail.ts';
import { hitRateLimit } from '../../platform/rate-limits.ts';

const database = useTestDatabase();

test('three instances send 60 queued emails, each exactly once', async () => {
  const now = new Date();
  for (let i = 0; i < 60; i++) {
    await enqueueEmail(database.db, {
      to: `many-${i}@example.com`,
      kind: 'auth-code',
      payload: await renderEmail('en', { kind: 'auth-code', code: String(100000 + i) }),
      now,
    });
  }
  const sent: OutgoingEmail[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (email) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(email);
    },
    close: () => undefined,
  };
  const instances = await Promise.all(
    [1, 2, 3].map(() => createDatabase({ url: database.url!, poolSize: 2 })),
  );
  try {
    const log = { warn: () => undefined, error: () => undefined };
    const workers = instances.map((instance) =>
      createOutboxWorker({ db: instance.db, transport, now: () => new Date(), log, scrubAfterSend: true }),
    );
    const counts = await Promise.all(workers.map((w) => w.runOnce()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(sent).toHaveLength(60);
    expect(new Set(sent.map((m) => m.to)).size).toBe(60);
  } finally {
    await Promise.all(instances.map((i) => i.close()));
  }
});

test('concurrent hits on one rate-limit key are all counted', async () => {
  const now = new Date();
  const results = await Promise.all(
    Array.from({ length: 30 }, () => hitRateLimit(database.db, 'auth-code:ip:192.0.2.1', 20, 3600_000, now)),
  );
  expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 30 }, (_, i) => i + 1),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(20);
});
