import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { agencyApplicationFormSchema } from '@parvoz/contracts/agencies';
import { personalDataFormSchema } from '@parvoz/contracts/profile';
import { ApiError, createApiClient } from './api.server.ts';
import {
  apiFieldErrors,
  boundedForm,
  parseForm,
  pointerToFieldName,
  replyWithFieldErrors,
} from './form.server.ts';

// A real HTTP server on loopback answering with the API's error envelope (docs/design.md §7), so the ApiError
// the helpers read is the one the web's API client really raises.
let server: Server;
let answer: { status: number; body: unknown } = { status: 400, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(status: number, body: unknown): Promise<unknown> {
  answer = { status, body };
  const { port } = server.address() as AddressInfo;
  const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, anonymousToken: 'anon' });
  return api.post('/v1/things', { body: {} }).then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

/** The API's 400 validation_failed refusal with these details. */
function invalidRequest(details: unknown[]): Promise<unknown> {
  return refusal(400, {
    error: { code: 'validation_failed', message: 'The request is not valid.', details },
  });
}

describe('pointerToFieldName', () => {
  test.each([
    ['/email', 'email'],
    ['/passengers/0/given_name', 'passengers[0].given_name'],
    ['/passengers/12/document/number', 'passengers[12].document.number'],
    ['/slices/1', 'slices[1]'],
    ['/a~1b/c~0d', 'a/b.c~d'],
    ['', ''],
  ])('%s → %s', (pointer, name) => {
    expect(pointerToFieldName(pointer)).toBe(name);
  });
});

describe('apiFieldErrors', () => {
  test("a 400 validation_failed's details land on the fields their paths name, nested ones included", async () => {
    const error = await invalidRequest([
      { in: 'body', path: '/passengers/1/born_on', message: 'booking.error.bornOn' },
      { in: 'body', path: '/contact/email', message: 'invalid_email' },
      { in: 'body', path: '/passengers/1/born_on', message: 'too_old' },
      { in: 'body', path: '', message: 'whole' },
    ]);
    expect(error).toBeInstanceOf(ApiError);
    expect(apiFieldErrors(error)).toEqual({
      'passengers[1].born_on': ['booking.error.bornOn', 'too_old'],
      'contact.email': ['invalid_email'],
      '': ['whole'],
    });
  });

  test('a 422 with per-field details maps too; a field name can be renamed to the form’s', async () => {
    const error = await refusal(422, {
      error: { code: 'unprocessable', message: 'x', details: [{ path: '/phone', message: '' }] },
    });
    expect(apiFieldErrors(error, (name) => (name === 'phone' ? 'contact_phone' : name))).toEqual({
      contact_phone: ['invalid'],
    });
  });

  test("a detail's ICU values (strings and numbers) can be kept in the form's error code", async () => {
    const error = await invalidRequest([
      { path: '/passengers/0/born_on', message: 'rule', values: { date: '2026-12-20', n: 2, x: {} } },
      { path: '/contact/email', message: 'plain', values: 'not values' },
    ]);
    const code = (message: string, values: Record<string, string | number> | undefined) =>
      values ? `${message}:${JSON.stringify(values)}` : message;
    expect(apiFieldErrors(error, undefined, code)).toEqual({
      'passengers[0].born_on': ['rule:{"date":"2026-12-20","n":2}'],
      'contact.email': ['plain'],
    });
  });

  test('no field details (other statuses, other detail shapes, other errors) is null', async () => {
    expect(
      apiFieldErrors(
        await refusal(422, {
          error: { code: 'offer_unavailable', message: 'x', details: { reason: 'sold_out' } },
        }),
      ),
    ).toBeNull();
    expect(
      apiFieldErrors(
        await refusal(404, {
          error: { code: 'not_found', message: 'x', details: [{ path: '/a', message: 'b' }] },
        }),
      ),
    ).toBeNull();
    expect(apiFieldErrors(await invalidRequest([]))).toBeNull();
    expect(apiFieldErrors(new Error('not an API error'))).toBeNull();
  });
});

describe('parseForm and replyWithFieldErrors', () => {
  test('nested field names parse into nested values with the same schema as the browser', () => {
    const schema = z.object({
      passengers: z.array(z.object({ given_name: z.string().min(2), born_on: z.string() })),
    });
    const submission = parseForm(
      form({
        'passengers[0].given_name': 'AZIZ',
        'passengers[0].born_on': '1990-04-01',
        'passengers[1].given_name': 'A',
        'passengers[1].born_on': '2020-01-01',
      }),
      schema,
    );
    expect(submission.status).toBe('error');
    expect(Object.keys(submission.status === 'error' ? (submission.error ?? {}) : {})).toEqual([
      'passengers[1].given_name',
    ]);
    const reply = submission.reply();
    expect(reply.initialValue).toEqual({
      passengers: [
        { given_name: 'AZIZ', born_on: '1990-04-01' },
        { given_name: 'A', born_on: '2020-01-01' },
      ],
    });
  });

  test("a contract schema's codes come back by field; the API's errors join a valid submission's reply", () => {
    const bad = parseForm(
      form({ company_name: 'Buxoro', tax_id: '12', country_code: 'UZ', lang: 'uz' }),
      agencyApplicationFormSchema('uz'),
    );
    expect(bad.status).toBe('error');
    const errors = bad.status === 'error' ? (bad.error ?? {}) : {};
    expect(Object.keys(errors).sort()).toEqual(['contact_name', 'email', 'phone', 'tax_id']);

    const good = parseForm(
      form({
        company_name: 'Buxoro Sayohat',
        tax_id: '301 234 567',
        country_code: 'UZ',
        contact_name: 'Sardor Aliyev',
        email: 'info@buxoro.uz',
        phone: '65 221 11 22',
        lang: 'uz',
      }),
      agencyApplicationFormSchema('uz'),
    );
    expect(good.status).toBe('success');
    if (good.status === 'success') expect(good.value.phone).toBe('+998652211122');
    const reply = replyWithFieldErrors(good, { email: ['invalid_email'], '': ['whole'] });
    expect(reply.status).toBe('error');
    expect(reply.error).toEqual({ email: ['invalid_email'], '': ['whole'] });
    expect(reply.initialValue).toMatchObject({ company_name: 'Buxoro Sayohat', phone: '65 221 11 22' });
  });

  test("an empty field reaches the schema as '' (no coercion to undefined), as the contract schemas expect", () => {
    const submission = parseForm(
      form({ first_name: '', last_name: ' Karimov ', phone_country: 'UZ', phone: '' }),
      personalDataFormSchema,
    );
    expect(submission.status).toBe('success');
    if (submission.status === 'success')
      expect(submission.value).toEqual({ first_name: null, last_name: 'Karimov', phone: null });
  });
});

test('a posted name with a huge list index or a prototype segment never reaches Conform', () => {
  const bounded = boundedForm(
    form({
      'passengers[0].given_name': 'AZIZ',
      'passengers[99].given_name': 'LAST',
      'passengers[100000000].given_name': 'X',
      '__proto__.polluted': 'yes',
      'a.constructor.prototype.polluted': 'yes',
    }),
  );
  expect([...bounded.keys()]).toEqual(['passengers[0].given_name', 'passengers[99].given_name']);
  const schema = z.object({ passengers: z.array(z.object({ given_name: z.string() }).optional()) });
  const started = parseForm(
    form({ 'passengers[100000000].given_name': 'X', '__proto__.polluted': 'yes' }),
    schema,
  );
  expect(started.payload).toEqual({});
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
