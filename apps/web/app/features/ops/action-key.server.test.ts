import { expect, test } from 'vitest';
import { z } from 'zod';
import { parseForm } from '../../lib/form.server.ts';
import { actionKeySchema, newActionKey } from './action-key.server.ts';

/** A "Yes" form as the console's pages read it: the key among the form's fields. */
const readKey = (key: string | null) => {
  const form = new FormData();
  form.set('intent', 'retry-confirm');
  if (key !== null) form.set('key', key);
  return parseForm(form, z.object({ key: actionKeySchema }));
};

test('a key made with a confirmation is the key its "Yes" is read with', () => {
  const key = newActionKey();
  expect(readKey(key)).toMatchObject({ status: 'success', value: { key } });
  expect(newActionKey()).not.toBe(key);
});

test.each([null, '', 'ops-', 'x'.repeat(40), `ops-${'g'.repeat(36)}`])(
  'a missing or forged key (%s) is refused at its field',
  (key) => {
    const submission = readKey(key);
    expect(submission.status).toBe('error');
    expect(submission.reply().error).toHaveProperty('key');
  },
);
