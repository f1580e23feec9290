import { describe, expect, test } from 'vitest';
import { formPoster, opsMe, useOpsStandIn } from '../../testing/api-stand-in.ts';
import { action } from './home.server.ts';

// The overview's "Retry" of a failed email and its "Yes", posted to the page's action against a stand-in of
// the console's API: the page's schema reads the intent, the email's id and the confirmation's key; a form it
// refuses is said in the page's words and retries nothing.
const standIn = useOpsStandIn(opsMe('operator'), {
  'POST /v1/ops/outbox/42/retry': { status: 200, body: { data: { id: 42, status: 'pending' } } },
});

type HomeAnswer = { done?: string; problem?: string; confirm?: { id: number; key: string } };

const post = formPoster<HomeAnswer, { lang: string }>(standIn, action, '/en/ops', { lang: 'en' });

const retries = () => standIn.asked.filter((a) => a.method === 'POST');

describe("the overview's retry of a failed email", () => {
  test('"Retry" asks first, and its "Yes" retries with the confirmation’s key', async () => {
    const asked = await post({ intent: 'retry', id: '42' });
    expect(asked.data?.confirm?.id).toBe(42);
    expect(retries()).toEqual([]);
    const key = asked.data!.confirm!.key;
    expect(await post({ intent: 'retry-confirm', id: '42', key })).toMatchObject({
      status: 200,
      data: { done: 'ops.overview.retried' },
    });
    expect(retries().map((a) => [a.path, a.headers['idempotency-key']])).toEqual([
      ['/v1/ops/outbox/42/retry', key],
    ]);
  });

  test.each([
    ['an id that is no outbox id', { intent: 'retry', id: 'x' }],
    ['a "Yes" without the confirmation’s key', { intent: 'retry-confirm', id: '42' }],
    ['a "Yes" with a forged key', { intent: 'retry-confirm', id: '42', key: 'ops-not-a-key' }],
    ['a form of no intent the page knows', { intent: 'delete', id: '42' }],
  ])('%s is refused with the page’s message and retries nothing', async (_name, fields) => {
    expect(await post(fields)).toMatchObject({ status: 400, data: { problem: 'ops.overview.notFailed' } });
    expect(retries()).toEqual([]);
  });
});
