import { describe, expect, test } from 'vitest';
import { answerOf, opsMe, postedForm, useOpsStandIn } from '../../testing/api-stand-in.ts';
import { action, type SecurityResult } from './security.server.ts';

// The second-factor page's forms posted to its action against a stand-in of the console's API: a
// discriminated union on `intent` reads each form's fields (a passkey's answer as JSON, a factor's name and
// id by the contract's schemas); a form it refuses is said in the page's words and reaches no endpoint.
const FACTOR = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const standIn = useOpsStandIn(opsMe('operator', 'verify'), {
  'POST /v1/ops/second-factor/verify': {
    status: 200,
    body: { data: { verified: true, recovery_codes_left: 9 } },
  },
  [`DELETE /v1/ops/second-factor/factors/${FACTOR}`]: { status: 204 },
});

async function post(fields: Record<string, string>) {
  const args = postedForm(standIn.api, '/en/ops/security', fields, { lang: 'en' }, { token: 'staff' });
  const result = await action(args);
  if (result instanceof Response) return { redirect: result.headers.get('location'), status: result.status };
  return answerOf<SecurityResult>(async () => result);
}

const sent = () => standIn.sent().map((a) => [a.method, a.path, a.body]);

describe("the second-factor page's forms", () => {
  test('an authenticator code is sent for the API to check, and the console opens', async () => {
    expect(await post({ intent: 'totp-verify', code: '123456' })).toEqual({
      redirect: '/en/ops',
      status: 302,
    });
    expect(sent()).toEqual([['POST', '/v1/ops/second-factor/verify', { method: 'totp', code: '123456' }]]);
  });

  test('a passkey’s answer goes to the API as the JSON the browser made', async () => {
    const response = { id: 'abc', type: 'public-key', response: { clientDataJSON: 'x' } };
    await post({ intent: 'passkey-verify', response: JSON.stringify(response) });
    expect(sent()).toEqual([['POST', '/v1/ops/second-factor/verify', { method: 'passkey', response }]]);
  });

  test('a factor is removed by its id', async () => {
    expect(await post({ intent: 'remove', id: FACTOR })).toMatchObject({ data: { kind: 'removed' } });
    expect(sent()).toEqual([['DELETE', `/v1/ops/second-factor/factors/${FACTOR}`, undefined]]);
  });

  test.each([
    ['a form of no intent the page knows', { intent: 'disable-all' }],
    ['a form without an intent', { code: '123456' }],
    ['a passkey’s answer that is no JSON', { intent: 'passkey-verify', response: '{not json' }],
    ['a passkey’s answer that is no object', { intent: 'passkey-verify', response: '"text"' }],
    ['a passkey without a name', { intent: 'passkey-register', name: ' ', response: '{}' }],
    ['an authenticator app without a name', { intent: 'totp-enrol', name: '', code: '123456' }],
    ['a removal of an id that is no factor’s', { intent: 'remove', id: '../me' }],
  ])('%s is refused with the page’s message and sends nothing', async (_name, fields) => {
    expect(await post(fields)).toMatchObject({
      status: 400,
      data: { kind: 'problem', problem: 'ops.security.error.form' },
    });
    expect(sent()).toEqual([]);
  });
});
