import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { createApiClient } from '../../lib/api.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { testRequestState } from '../../testing/request-state.ts';
import type { ManageResult } from './order-after-sale.ts';
import { action } from './order.tsx';

// The order page's "manage the booking" forms, posted to the route's action as a browser without JavaScript
// posts them. A real HTTP server on loopback plays the API's manage endpoints as their contract writes them
// (packages/contracts/src/order-manage.ts, order-refusals.ts) and notes every request: a form the contract's
// schema refuses must come back with the error at its field and reach no endpoint (nothing changed).
const ORDER = 'ord_AAAAAAAAAAAAAAAAAAAAAAAA';
const CHANGE = '6f1c2b0e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const RIGHT_CODE = '246810';
let server: Server;
let baseUrl: string;
const asked: { method: string; path: string; body: unknown }[] = [];

function answerAs(path: string, body: Record<string, unknown>): { status: number; body: unknown } {
  if (path === `/v1/orders/${ORDER}/email_changes/${CHANGE}/actions/confirm` && body.code !== RIGHT_CODE)
    return {
      status: 422,
      body: {
        error: {
          code: 'invalid_code',
          message: 'The code is not right.',
          details: { reason: 'wrong_code', attempts_left: 4 },
        },
      },
    };
  if (path === `/v1/orders/${ORDER}/payments`)
    return {
      status: 201,
      body: {
        data: { redirect_url: 'https://checkout.example/pay/1', provider: body.provider ?? 'sandbox' },
      },
    };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      asked.push({ method: req.method ?? '', path, body });
      const answer = answerAs(path, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
});

/** The order page's action for a posted form: its data and status, or the Response it threw. */
async function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  // The order's access cookie names no token here: the stand-in answers any caller.
  context.set(
    requestStateContext,
    testRequestState(createApiClient({ baseUrl, anonymousToken: 'anon' }), { locale: 'ru' }),
  );
  const request = new Request(`http://localhost/ru/orders/${ORDER}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  try {
    const answer = await action({
      request,
      url: new URL(request.url),
      pattern: '/:lang/orders/:id',
      params: { lang: 'ru', id: ORDER },
      context,
    });
    if (answer instanceof Response) return { thrown: answer };
    const { data, init } = answer as { data: ManageResult; init: ResponseInit | null };
    return { data, status: init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { thrown };
    throw thrown;
  }
}

/** A refused form: the message under its field and what was typed, in Conform's reply. */
async function refused(fields: Record<string, string>) {
  const { data, status, thrown } = await post(fields);
  if (!data || data.manage !== 'failed') throw new Error(`expected a refusal, got ${thrown?.status}`);
  return { ...data, status };
}

describe("the order page's manage forms refuse a wrong field at the field, and change nothing", () => {
  test.each([
    ['a phone that is no phone number', 'change-phone', 'phone', '12', 'booking.error.phone'],
    ['an email that is no email address', 'email-change', 'email', 'not an email', 'booking.error.email'],
  ])('%s', async (_name, intent, field, value, message) => {
    const result = await refused({ intent, [field]: value });
    expect(result).toMatchObject({ status: 400, intent, message });
    expect(result.submission?.error).toEqual({ [field]: [message] });
    expect(result.submission?.initialValue).toEqual({ [field]: value });
    expect(asked).toEqual([]);
  });

  test('a code that is not six digits: the code form stays open for the same change', async () => {
    const result = await refused({
      intent: 'email-confirm',
      change_id: CHANGE,
      change_email: 'new@example.com',
      code: '12a',
    });
    expect(result).toMatchObject({
      status: 400,
      intent: 'email-confirm',
      message: 'manage.error.code',
      change: { id: CHANGE, email: 'new@example.com' },
    });
    expect(result.submission?.error).toEqual({ code: ['manage.error.code'] });
    expect(asked).toEqual([]);
  });

  test('a code form whose change is not one the page wrote is no form of the page', async () => {
    for (const change of [
      { change_id: 'not-a-uuid', change_email: 'new@example.com' },
      { change_id: CHANGE, change_email: 'not an email' },
    ]) {
      const { thrown } = await post({ intent: 'email-confirm', ...change, code: RIGHT_CODE });
      expect(thrown?.status).toBe(400);
    }
    expect(asked).toEqual([]);
  });

  test("a field's check as it is corrected (Conform's validate intent) confirms nothing", async () => {
    const result = await refused({
      intent: 'email-confirm',
      change_id: CHANGE,
      change_email: 'new@example.com',
      code: RIGHT_CODE,
      __intent__: JSON.stringify({ type: 'validate', payload: { name: 'code' } }),
    });
    // Nothing to show under the field either: the code is well formed.
    expect(result.submission?.error ?? {}).toEqual({});
    expect(asked).toEqual([]);
  });

  test("the API's refusal of a well-formed code shows at the code with the tries left", async () => {
    const result = await refused({
      intent: 'email-confirm',
      change_id: CHANGE,
      change_email: 'new@example.com',
      code: '135790',
    });
    expect(result).toMatchObject({
      status: 422,
      message: 'manage.email.wrongCode',
      values: { attempts: 4 },
      change: { id: CHANGE, email: 'new@example.com' },
    });
    expect(result.submission?.error).toEqual({ code: ['manage.email.wrongCode'] });
    expect(asked).toEqual([
      {
        method: 'POST',
        path: `/v1/orders/${ORDER}/email_changes/${CHANGE}/actions/confirm`,
        body: { code: '135790' },
      },
    ]);
  });
});

describe("the order page's forms are told apart by their intent, read with the page's schema", () => {
  test('"Pay" with the provider picked starts that provider’s payment and sends the browser there', async () => {
    const { thrown } = await post({ intent: 'pay', provider: 'click' });
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get('location')).toBe('https://checkout.example/pay/1');
    expect(asked).toEqual([
      { method: 'POST', path: `/v1/orders/${ORDER}/payments`, body: { lang: 'ru', provider: 'click' } },
    ]);
  });

  test('"Pay" naming no provider the contract knows leaves the choice to the API', async () => {
    await post({ intent: 'pay', provider: '<script>' });
    expect(asked.map((a) => a.body)).toEqual([{ lang: 'ru' }]);
  });

  test('a form with no intent, or one the page does not have, is a 400 and reaches no endpoint', async () => {
    for (const fields of [{}, { intent: 'refund-everything' }] as Record<string, string>[]) {
      const { thrown } = await post(fields);
      expect(thrown?.status).toBe(400);
    }
    expect(asked).toEqual([]);
  });
});
