import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Place } from '@parvoz/contracts/offers';
import { createApiClient, type ApiClient } from '../../lib/api.server.ts';
import { NO_SCRIPT_COOKIE, searchFormAction, type SearchActionData } from './search-action.server.ts';

// A real HTTP server on loopback playing GET /v1/places as the API answers it: "Istanbul" finds IST,
// anything else nothing.
let server: Server;
let api: ApiClient;
const asked: string[] = [];
const ISTANBUL: Place = {
  type: 'city',
  code: 'IST',
  name: 'Istanbul',
  city_code: 'IST',
  city_name: 'Istanbul',
  country_code: 'TR',
  country_name: 'Turkey',
  airports: [{ code: 'IST', name: 'Istanbul Airport' }],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(`${url.pathname}?q=${url.searchParams.get('q')}`);
    const found = url.searchParams.get('q')?.toLowerCase() === 'istanbul' ? [ISTANBUL] : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: found }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, anonymousToken: 'anon' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const NOW = new Date('2026-11-23T12:00:00Z');

function post(entries: Record<string, string>): Request {
  return new Request('http://localhost/en?index', { method: 'POST', body: new URLSearchParams(entries) });
}

/** The action's answer: a redirect (thrown, as React Router expects) or the form back with its errors. */
async function answer(entries: Record<string, string>) {
  try {
    const result = await searchFormAction(post(entries), api, 'en', NOW);
    return { status: result.init?.status, data: result.data as SearchActionData };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown };
    throw thrown;
  }
}

/** The form back with its errors (the test fails on a redirect). */
async function refusal(entries: Record<string, string>) {
  const { status, data } = await answer(entries);
  if (!data) throw new Error('expected the form back, not a redirect');
  return { status, data };
}

const complete = {
  from: 'TAS',
  fromName: 'Tashkent',
  to: 'IST',
  toName: 'Istanbul',
  depart: '2026-12-15',
  return: '',
  'passengers.adults': '1',
  'passengers.children': '0',
  'passengers.infants': '0',
  cabin: 'economy',
};

describe('the search form posted without JavaScript', () => {
  test('a complete form goes on to its results, marking the visitor as one without JavaScript', async () => {
    const { redirect } = await answer({ ...complete, 'passengers.adults': '2', cabin: 'business' });
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get('location')).toBe('/en/flight/TAS1512IST2b');
    expect(redirect?.headers.get('set-cookie')).toContain(`${NO_SCRIPT_COOKIE}=1`);
  });

  test('a place typed by name is looked up, as the browser does', async () => {
    asked.length = 0;
    const { redirect } = await answer({ ...complete, to: '', toName: 'istanbul' });
    expect(asked).toEqual(['/v1/places?q=istanbul']);
    expect(redirect?.headers.get('location')).toBe('/en/flight/TAS1512IST1');
  });

  test('an empty form comes back with the spec’s two messages and changes nothing', async () => {
    const { status, data } = await refusal({});
    expect(status).toBe(400);
    expect(data.submission.error).toEqual({
      route: ['search.form.error.route'],
      depart: ['search.form.error.date'],
    });
    expect(data.values).toMatchObject({ fromCode: '', toCode: '', depart: '' });
  });

  test('each field keeps what was typed; an unknown place stays as typed; every rule names its field', async () => {
    const { status, data } = await refusal({
      ...complete,
      to: '',
      toName: 'Atlantis',
      depart: '2026-11-20',
      return: '2026-11-19',
      'passengers.adults': '1',
      'passengers.infants': '2',
    });
    expect(status).toBe(400);
    expect(data.submission.error).toEqual({
      route: ['search.form.error.route'],
      depart: ['search.form.error.dateRange'],
      return: ['search.form.error.returnBeforeDeparture'],
      passengers: ['search.form.error.tooManyInfants'],
    });
    expect(data.values).toEqual({
      fromCode: 'TAS',
      fromName: 'Tashkent',
      toCode: '',
      toName: 'Atlantis',
      depart: '2026-11-20',
      ret: '2026-11-19',
      passengers: { adults: 1, children: 0, infants: 2 },
      cabin: 'economy',
    });
  });

  test('yesterday in UTC is still today west of it; the API checks the exact date', async () => {
    const { redirect } = await answer({ ...complete, depart: '2026-11-22' });
    expect(redirect?.headers.get('location')).toBe('/en/flight/TAS2211IST1');
    const { data } = await refusal({ ...complete, depart: '2026-11-21' });
    expect(data.submission.error).toEqual({ depart: ['search.form.error.dateRange'] });
  });

  test('a body that is no form is an empty form', async () => {
    const request = new Request('http://localhost/en?index', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not multipart',
    });
    const result = await searchFormAction(request, api, 'en', NOW);
    expect(result.init?.status).toBe(400);
  });
});
