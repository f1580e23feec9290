import { expect, test } from 'vitest';
import { actionKeyOf, newActionKey } from './action-key.server.ts';

const formWith = (key: string | null) => {
  const form = new FormData();
  if (key !== null) form.set('key', key);
  return form;
};

test('a key made with a confirmation is the key its "Yes" is read with', () => {
  const key = newActionKey();
  expect(actionKeyOf(formWith(key))).toBe(key);
  expect(newActionKey()).not.toBe(key);
});

test.each([null, '', 'ops-', 'x'.repeat(40), `ops-${'g'.repeat(36)}`])(
  'a missing or forged key (%s) is a 400, before anything is sent',
  (key) => {
    let thrown: unknown;
    try {
      actionKeyOf(formWith(key));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  },
);
