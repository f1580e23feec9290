/** GET /v1/dev/mailbox: the outbox for local development, answered per its contract; a 404 when it is off. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '@parvoz/db/testing';
import type { Database } from '@parvoz/db';
import { buildTestApi, TEST_ANONYMOUS_TOKEN } from '../../../testing/api.ts';

let db: Database;
let closeDb: () => Promise<void>;
let on: FastifyInstance;
let off: FastifyInstance;
const headers = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDb = database.close;
  on = await buildTestApi(db, { devMailbox: true });
  off = await buildTestApi(db, { devMailbox: false });
}, 60_000);

afterAll(async () => {
  await on?.close();
  await off?.close();
  await closeDb?.();
});

test('lists the newest emails, filtered by address, as the contract says (checked under test)', async () => {
  for (const email of ['mailbox-a@example.com', 'mailbox-b@example.com']) {
    const sent = await on.inject({
      method: 'POST',
      url: '/v1/auth/code',
      headers,
      payload: { email, lang: 'en' },
    });
    expect(sent.statusCode).toBe(202);
  }
  const response = await on.inject({ url: '/v1/dev/mailbox?to=mailbox-a@example.com', headers });
  expect(response.statusCode).toBe(200);
  const mails = response.json().data as Array<Record<string, unknown>>;
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ to: 'mailbox-a@example.com', kind: 'auth-code', status: 'pending' });
  expect(mails[0]!.text).toMatch(/\b\d{6}\b/);

  const all = await on.inject({ url: '/v1/dev/mailbox', headers });
  expect((all.json().data as unknown[]).length).toBe(2);
});

test('is a 404 unless the development mailbox is on', async () => {
  const response = await off.inject({ url: '/v1/dev/mailbox', headers });
  expect(response.statusCode).toBe(404);
  expect(response.json().error.code).toBe('not_found');
});

test('the email previews: every sample by name, and one rendered in the language asked for', async () => {
  const list = await on.inject({ url: '/v1/dev/email-previews', headers });
  expect(list.statusCode).toBe(200);
  const names = (list.json().data as Array<{ name: string }>).map((s) => s.name);
  expect(names).toEqual(expect.arrayContaining(['auth-code', 'order-confirmation', 'staff-invite']));

  const preview = await on.inject({ url: '/v1/dev/email-previews/auth-code?lang=ru', headers });
  expect(preview.statusCode).toBe(200);
  const { data } = preview.json() as { data: { lang: string; subject: string; html: string; text: string } };
  expect(data.lang).toBe('ru');
  expect(data.subject).toContain('482913');
  expect(data.html).toMatch(/^<!DOCTYPE html/i);
  expect(data.text).toContain('482913');
});

test('the email previews refuse an unknown sample or language, and are a 404 unless the mailbox is on', async () => {
  const unknown = await on.inject({ url: '/v1/dev/email-previews/no-such-email?lang=en', headers });
  expect(unknown.statusCode).toBe(404);
  const badLang = await on.inject({ url: '/v1/dev/email-previews/auth-code?lang=de', headers });
  expect(badLang.statusCode).toBe(400);
  for (const url of ['/v1/dev/email-previews', '/v1/dev/email-previews/auth-code?lang=en']) {
    const response = await off.inject({ url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  }
});
