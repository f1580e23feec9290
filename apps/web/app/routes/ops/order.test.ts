import { describe, expect, test } from 'vitest';
import { formPoster, opsMe, useOpsStandIn } from '../../testing/api-stand-in.ts';
import { action, type ActionResult } from './order.server.ts';

// The console's order actions posted to the order page's action as a browser without JavaScript posts them,
// against a stand-in of the console's API: the page's schema reads which action a post is (its intent) and,
// for a "Yes", the confirmation's key; the action's endpoint schema reads its fields. A form refused at either
// step is said in the page's words and changes nothing.
const ORDER = 'ord_AAAAAAAAAAAAAAAAAAAAAAAA';

const standIn = useOpsStandIn(opsMe('operator'), {
  [`POST /v1/ops/orders/${ORDER}/resend_confirmation`]: { status: 202, body: { data: { accepted: true } } },
  [`POST /v1/ops/orders/${ORDER}/notes`]: { status: 201, body: { data: { recorded: true } } },
});

const post = formPoster<ActionResult, { lang: string; id: string }>(
  standIn,
  action,
  `/en/ops/orders/${ORDER}`,
  { lang: 'en', id: ORDER },
);

const changes = () => standIn.sent().map((a) => `${a.method} ${a.path}`);

/** The confirmation a first post answered, or the test fails. */
async function confirmation(fields: Record<string, string>) {
  const { data } = await post(fields);
  if (!data || !('confirm' in data)) throw new Error(`expected a confirmation, got ${JSON.stringify(data)}`);
  return data.confirm;
}

describe("the order page's actions ask first, then send with the confirmation's key", () => {
  test('a note: the question repeats it, its "Yes" writes it once', async () => {
    const asked = await confirmation({ intent: 'note', text: '  Called the traveller  ' });
    expect(asked).toMatchObject({ step: 'note', text: 'Called the traveller' });
    expect(changes()).toEqual([]);
    expect(
      await post({ intent: 'note-confirm', key: asked.key, text: 'Called the traveller' }),
    ).toMatchObject({ status: 200, data: { done: 'ops.order.noted' } });
    const sent = standIn.asked.filter((a) => a.method === 'POST');
    expect(sent.map((a) => [a.path, a.body, a.headers['idempotency-key']])).toEqual([
      [`/v1/ops/orders/${ORDER}/notes`, { text: 'Called the traveller' }, asked.key],
    ]);
  });

  test('resending the confirmation: the "Yes" posts the key its question was made with', async () => {
    const asked = await confirmation({ intent: 'resend' });
    expect(asked.step).toBe('resend');
    expect(await post({ intent: 'resend-confirm', key: asked.key })).toMatchObject({
      data: { done: 'ops.order.resent' },
    });
    expect(changes()).toEqual([`POST /v1/ops/orders/${ORDER}/resend_confirmation`]);
  });

  test('a contact correction’s question shows what was typed', async () => {
    const asked = await confirmation({
      intent: 'contact',
      email: 'New@Example.com',
      reason: 'asked by phone',
    });
    expect(asked).toMatchObject({
      step: 'contact',
      full_name: '',
      email: 'New@Example.com',
      phone: '',
      reason: 'asked by phone',
    });
    expect(changes()).toEqual([]);
  });
});

test('an override’s amount may have a decimal comma; its question shows the quoted amount beside it', async () => {
  const asked = await confirmation({
    intent: 'override',
    cancellation_id: 'ocn_AAAAAAAAAAAAAAAAAAAAAAAA',
    refund_amount: '12,5',
    reason: 'airline strike',
    quoted: '100.00',
  });
  expect(asked).toMatchObject({ step: 'override', refund_amount: '12.5', quoted: '100.00' });
  expect(changes()).toEqual([]);
});

describe('a form the page refuses is said in its words and changes nothing', () => {
  test('an empty note comes back at its field', async () => {
    const { data, status } = await post({ intent: 'note', text: '   ' });
    expect(status).toBe(400);
    expect(data).toMatchObject({ problem: 'ops.order.noteInvalid', form: 'note' });
    expect(data && 'submission' in data ? data.submission?.error : null).toHaveProperty('text');
    expect(changes()).toEqual([]);
  });

  test.each([
    ['a form of no intent the page knows', { intent: 'delete' }],
    ['a form without an intent', { text: 'a note' }],
    ['a "Yes" without the confirmation’s key', { intent: 'resend-confirm' }],
    ['a "Yes" with a forged key', { intent: 'resend-confirm', key: 'ops-not-a-key' }],
    [
      'a cancellation’s "Yes" without its key',
      { intent: 'cancel', cancellation_id: 'ocn_AAAAAAAAAAAAAAAAAAAAAAAA' },
    ],
    ['the "Yes" of no action', { intent: 'quote-confirm', key: `ops-${crypto.randomUUID()}` }],
  ])('%s', async (_name, fields) => {
    expect(await post(fields)).toMatchObject({ status: 400, data: { problem: 'ops.order.invalid' } });
    expect(changes()).toEqual([]);
  });
});
