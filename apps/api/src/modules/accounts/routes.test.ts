/** Profile, saved travellers and order lists: each user sees only their own (another's is a 404, not a 403). */
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApi, memoryMailTransport } from '../../testing/api.ts';
import type { OutgoingEmail } from '../../adapters/mail/transport.ts';
import { insertOneFlightOrder } from '../orders/testing/fixtures.ts';

const inbox: OutgoingEmail[] = [];
/** An in-memory mail adapter (the SMTP path has its own test in sign-in.smtp.test.ts). */
const memoryTransport = memoryMailTransport(inbox);
const clock = new Date('2030-06-01T10:00:00Z');

const api = useTestApi({}, { now: () => clock, mailTransport: memoryTransport });

async function signIn(email: string): Promise<string> {
  const sent = await api.app.inject({ method: 'POST', url: '/v1/auth/code', payload: { email, lang: 'en' } });
  expect(sent.statusCode).toBe(202);
  await api.app.outbox.runOnce();
  const code = /\b(\d{6})\b/.exec(inbox.filter((m) => m.to === email).at(-1)!.text)![1];
  const verified = await api.app.inject({ method: 'POST', url: '/v1/auth/verify', payload: { email, code } });
  return verified.json().data.token as string;
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });

function insertOrder(
  id: string,
  email: string,
  userId: string | null,
  bookingStatus: 'booked' | 'cancelled',
  departs: string,
) {
  const bookingReference = id
    .replace(/[^a-z0-9]/gi, '')
    .slice(-6)
    .toUpperCase();
  return insertOneFlightOrder(api.db, {
    id,
    bookingReference,
    userId,
    contactFullName: 'X',
    contactEmail: email,
    totalMinor: 10000,
    bookingStatus,
    lang: 'en',
    departs,
  });
}

const traveller = {
  given_name: 'Aziz',
  family_name: 'Karimov',
  born_on: '1990-04-01',
  gender: 'male',
  citizenship: 'uz',
  document_number: 'aa1234567',
  document_expires_on: '2032-01-01',
};

describe('authorization between users', () => {
  let tokenA = '';
  let tokenB = '';
  let userB = '';
  let travellerB = '';

  beforeAll(async () => {
    tokenA = await signIn('user-a@example.com');
    tokenB = await signIn('user-b@example.com');
    const me = await api.app.inject({ method: 'GET', url: '/v1/user/get-me', headers: as(tokenB) });
    userB = me.json().data.id;
    const created = await api.app.inject({
      method: 'POST',
      url: '/v1/user/travellers',
      headers: as(tokenB),
      payload: traveller,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ citizenship: 'UZ', document_number: 'AA1234567' });
    travellerB = created.json().data.id;
    await insertOrder(
      'ord_b_active_0a01',
      'user-b@example.com',
      userB,
      'booked',
      '2030-07-01T08:00:00+05:00',
    );
    await insertOrder(
      'ord_b_past_000p01',
      'user-b@example.com',
      userB,
      'booked',
      '2030-05-01T08:00:00+05:00',
    );
    await insertOrder(
      'ord_b_cancel_0c01',
      'user-b@example.com',
      userB,
      'cancelled',
      '2030-07-01T08:00:00+05:00',
    );
  });

  test("each sees their own profile, and A's changes never touch B", async () => {
    const patched = await api.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers: as(tokenA),
      payload: { first_name: 'Ann', phone: '+998901234567', language: 'uz', currency: 'UZS' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      email: 'user-a@example.com',
      first_name: 'Ann',
      userDetail: { phone: '+998901234567', language: 'uz', currency: 'UZS' },
    });
    const b = await api.app.inject({
      method: 'GET',
      url: '/v1/user/get-me?include=userDetail',
      headers: as(tokenB),
    });
    expect(b.json().data).toMatchObject({ email: 'user-b@example.com', first_name: null });
  });

  test("A never sees or changes B's travellers (404)", async () => {
    const list = await api.app.inject({ method: 'GET', url: '/v1/user/travellers', headers: as(tokenA) });
    expect(list.json().data).toEqual([]);
    const patch = await api.app.inject({
      method: 'PATCH',
      url: `/v1/user/travellers/${travellerB}`,
      headers: as(tokenA),
      payload: { ...traveller, given_name: 'Hacked' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.code).toBe('not_found');
    const del = await api.app.inject({
      method: 'DELETE',
      url: `/v1/user/travellers/${travellerB}`,
      headers: as(tokenA),
    });
    expect(del.statusCode).toBe(404);
    const mine = await api.app.inject({ method: 'GET', url: '/v1/user/travellers', headers: as(tokenB) });
    expect(mine.json().data).toEqual([expect.objectContaining({ id: travellerB, given_name: 'Aziz' })]);
  });

  test('B edits and deletes their own traveller', async () => {
    const patch = await api.app.inject({
      method: 'PATCH',
      url: `/v1/user/travellers/${travellerB}`,
      headers: as(tokenB),
      payload: { ...traveller, given_name: 'Azizbek', document_expires_on: '' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data).toMatchObject({ given_name: 'Azizbek', document_expires_on: null });
    const extra = await api.app.inject({
      method: 'POST',
      url: '/v1/user/travellers',
      headers: as(tokenB),
      payload: traveller,
    });
    const del = await api.app.inject({
      method: 'DELETE',
      url: `/v1/user/travellers/${extra.json().data.id}`,
      headers: as(tokenB),
    });
    expect(del.statusCode).toBe(204);
  });

  test("orders are split into active and history, and A never sees B's", async () => {
    const active = await api.app.inject({
      method: 'GET',
      url: '/v1/orders?status=active',
      headers: as(tokenB),
    });
    expect(active.json().data.map((o: { id: string }) => o.id)).toEqual(['ord_b_active_0a01']);
    const history = await api.app.inject({
      method: 'GET',
      url: '/v1/orders?status=history',
      headers: as(tokenB),
    });
    expect(
      history
        .json()
        .data.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual(['ord_b_cancel_0c01', 'ord_b_past_000p01']);
    expect(history.json().data[0]).toMatchObject({
      total_amount: '100.00',
      total_currency: 'USD',
      origin: 'TAS',
    });
    for (const status of ['active', 'history']) {
      const a = await api.app.inject({
        method: 'GET',
        url: `/v1/orders?status=${status}`,
        headers: as(tokenA),
      });
      expect(a.json().data).toEqual([]);
    }
  });

  test('anonymous callers get 401 with the envelope everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/v1/orders?status=active'],
      ['GET', '/v1/user/travellers'],
      ['PATCH', '/v1/user/me'],
      ['DELETE', `/v1/user/travellers/${travellerB}`],
    ] as const) {
      const response = await api.app.inject({ method, url, payload: method === 'PATCH' ? {} : undefined });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });
});

describe('bad input never gives a 500', () => {
  let token = '';
  beforeAll(async () => {
    token = await signIn('bad-input@example.com');
  });

  test.each([
    ['PATCH', '/v1/user/me', { phone: '+99812' }],
    ['PATCH', '/v1/user/me', { phone: '998901234567' }],
    ['PATCH', '/v1/user/me', { language: 'de' }],
    ['PATCH', '/v1/user/me', { currency: 'GBP' }],
    ['PATCH', '/v1/user/me', { email: 'x@example.com' }],
    ['PATCH', '/v1/user/me', { first_name: 'x'.repeat(500) }],
    ['POST', '/v1/user/travellers', {}],
    ['POST', '/v1/user/travellers', { ...traveller, born_on: '1990-13-45' }],
    ['POST', '/v1/user/travellers', { ...traveller, born_on: '2999-01-01' }],
    ['POST', '/v1/user/travellers', { ...traveller, gender: 'other' }],
    ['POST', '/v1/user/travellers', { ...traveller, citizenship: 'UZB' }],
    ['PATCH', '/v1/user/travellers/not-a-uuid', traveller],
    ['DELETE', '/v1/user/travellers/not-a-uuid', undefined],
    ['GET', '/v1/orders?status=everything', undefined],
  ] as const)('%s %s %j', async (method, url, payload) => {
    const response = await api.app.inject({ method, url, headers: as(token), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
