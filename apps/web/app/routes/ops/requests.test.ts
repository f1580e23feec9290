import { describe, expect, test } from 'vitest';
import { formPoster, opsMe, useOpsStandIn } from '../../testing/api-stand-in.ts';
import { action, type ActionResult } from './requests.server.ts';

// An item of the tour-request inbox changed by its form, posted to the page's action against a stand-in of
// the console's API: the item's id (a hidden field) and the endpoint's body are each read by a schema, and a
// form either refuses is said in the page's words and changes nothing.
const ITEM = '0b6f2c1e-4d5a-4b6c-9d7e-8f9012a3b4c5';

const standIn = useOpsStandIn(opsMe('operator'), {
  [`POST /v1/ops/tour_requests/${ITEM}`]: {
    status: 200,
    body: { data: { id: ITEM, status: 'done', note: null, changed: true } },
  },
});

const post = formPoster<ActionResult, { lang: string }>(standIn, action, '/en/ops/requests', { lang: 'en' });

const changes = () => standIn.sent().map((a) => [a.path, a.body]);

describe("the tour-request inbox's item form", () => {
  test('changes the item its hidden field names, by the endpoint’s body', async () => {
    expect(await post({ id: ITEM, status: 'done' })).toMatchObject({
      status: 200,
      data: { done: 'ops.inbox.saved' },
    });
    expect(changes()).toEqual([[`/v1/ops/tour_requests/${ITEM}`, { status: 'done' }]]);
  });

  test.each([
    ['no item', { status: 'done' }],
    ['an id that is no item’s', { id: '../1', status: 'done' }],
    ['a status the inbox has not', { id: ITEM, status: 'lost' }],
  ])('%s is refused with the page’s message and changes nothing', async (_name, fields) => {
    expect(await post(fields)).toMatchObject({ status: 400, data: { problem: 'ops.inbox.invalid' } });
    expect(changes()).toEqual([]);
  });
});
