import { describe, expect, test } from 'vitest';
import { formPoster, opsMe, useOpsStandIn } from '../../testing/api-stand-in.ts';
import { action } from './staff.server.ts';

// The staff page's forms posted to its action as a browser without JavaScript posts them, against a stand-in
// of the console's API (packages/contracts/src/ops-endpoints.ts): the page's schema reads the form, and a
// form it refuses says so and reaches no endpoint that changes anything.
const OPERATOR = '3f2b8c1e-4d5a-4b6c-9d7e-8f9012a3b4c5';

const standIn = useOpsStandIn(opsMe('admin'), {
  'POST /v1/ops/staff': {
    status: 201,
    body: { data: { user_id: OPERATOR, email: 'new@example.com', role: 'operator', invited: true } },
  },
  [`DELETE /v1/ops/staff/${OPERATOR}`]: { status: 204 },
});

type StaffAnswer = { result: string; submission?: { error?: Record<string, unknown> | null } };

const post = formPoster<StaffAnswer, { lang: string }>(
  standIn,
  action,
  '/ru/ops/staff',
  { lang: 'ru' },
  { locale: 'ru', token: 'staff' },
);

const changes = () => standIn.sent().map((a) => `${a.method} ${a.path}`);

describe("the staff page's forms", () => {
  test('an invitation goes out by the endpoint’s body, in the console’s language', async () => {
    expect(await post({ intent: 'invite', email: 'New@Example.com' })).toMatchObject({
      status: 200,
      data: { result: 'invited' },
    });
    expect(standIn.asked.map((a) => [a.method, a.path, a.body])).toEqual([
      ['POST', '/v1/ops/staff', { email: 'new@example.com', lang: 'ru' }],
    ]);
  });

  test('an email that is no email address comes back at its field, and nobody is invited', async () => {
    const { data, status } = await post({ intent: 'invite', email: 'not an email' });
    expect(status).toBe(400);
    expect(data?.result).toBe('invalid');
    expect(data?.submission?.error).toHaveProperty('email');
    expect(changes()).toEqual([]);
  });

  test("an operator's role is taken away by their id", async () => {
    expect(await post({ intent: 'revoke', user_id: OPERATOR })).toMatchObject({
      status: 200,
      data: { result: 'revoked' },
    });
    expect(changes()).toEqual([`DELETE /v1/ops/staff/${OPERATOR}`]);
  });

  test.each([
    ['a revoke without an operator', { intent: 'revoke' }],
    ['a revoke of an id that is no id', { intent: 'revoke', user_id: '../me' }],
    ['a form of no intent the page knows', { intent: 'promote', user_id: OPERATOR }],
    ['a form without an intent', { email: 'new@example.com' }],
  ])('%s is refused with the page’s message and changes nothing', async (_name, fields) => {
    const { data, status } = await post(fields);
    expect(status).toBe(400);
    expect(data?.result).toBe('invalid');
    expect(changes()).toEqual([]);
  });
});
