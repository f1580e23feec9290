/**
 * The outbox sends a batch oldest first: a sign-in code asked for after another arrives after it, and a notice
 * queued after two codes arrives third. `UPDATE … RETURNING` hands rows back in the order it updated them, not in
 * its subquery's ORDER BY, so a row whose tuple moved (any earlier update of it) came back last.
 */
import { expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../../testing/started.ts';
import type { MailTransport } from '../../adapters/mail/transport.ts';
import { createOutboxWorker } from './outbox.ts';
import { enqueueEmail, renderEmail } from './mail.ts';

const database = useTestDatabase();

test('a batch goes out in the order it was queued, even after a row was updated', async () => {
  const now = new Date();
  for (const to of ['first@example.com', 'second@example.com', 'third@example.com']) {
    await enqueueEmail(database.db, {
      to,
      kind: 'auth-code',
      payload: await renderEmail('en', { kind: 'auth-code', code: '123456' }),
      now,
    });
  }
  // An update writes a new version of the row at the end of the table, as a failed send's retry does.
  await database.db.execute(
    sql`UPDATE outbox SET next_attempt_at = next_attempt_at WHERE to_address = 'first@example.com'`,
  );
  const sent: string[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (email) => void sent.push(email.to),
    close: () => undefined,
  };
  const log = { warn: () => undefined, error: () => undefined };
  const worker = createOutboxWorker({
    db: database.db,
    transport,
    now: () => new Date(),
    log,
    scrubAfterSend: true,
  });
  expect(await worker.runOnce()).toBe(3);
  expect(sent).toEqual(['first@example.com', 'second@example.com', 'third@example.com']);
});
