/**
 * The audit log is append-only (docs/after-sale.md §5; migrations 0008 and 0009): the database itself refuses
 * to change, remove or truncate what happened, whatever the application asks. Checked here, beside the table's
 * store (docs/architecture.md, "Modules own their tables"), on an entry written as the console writes them.
 */
import { beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../../testing/started.ts';
import { recordAudit } from './staff.ts';
import { auditEntriesWhere } from './store.ts';

const database = useTestDatabase();

beforeAll(async () => {
  await recordAudit(database.db, {
    actor: { userId: null, email: 'command-line' },
    action: 'order.note',
    targetType: 'order',
    targetId: 'order-1',
    details: { text: 'Called the traveller' },
    at: new Date('2026-11-23T06:00:00Z'),
  });
});

test('UPDATE and DELETE of an audit entry are refused by the database', async () => {
  const { db } = database;
  const appendOnly = {
    cause: expect.objectContaining({ message: expect.stringMatching(/audit_log is append-only/) }),
  };
  await expect(db.execute(sql`UPDATE audit_log SET action = 'forged'`)).rejects.toMatchObject(appendOnly);
  await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toMatchObject(appendOnly);
  expect(await auditEntriesWhere(db)).toMatchObject([{ action: 'order.note', targetId: 'order-1' }]);
});

test('TRUNCATE of the audit log is refused by the database', async () => {
  const { db } = database;
  await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
  expect((await auditEntriesWhere(db)).length).toBeGreaterThan(0);
});
