import { expect, test } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { useTestApi } from '../../testing/api.ts';

const api = useTestApi();

async function places(query: string) {
  const response = await api.app.inject({ method: 'GET', url: `/v1/places?${query}` });
  return { status: response.statusCode, body: response.json() };
}

test.each(['Tashkent', 'Ташкент', 'Toshkent', 'Taşkent', 'tashk', 'Tashkemt'])(
  '"%s" finds Tashkent first',
  async (q) => {
    const { status, body } = await places(`q=${encodeURIComponent(q)}&lang=ru&limit=5`);
    expect(status).toBe(200);
    expect(body.data[0]).toMatchObject({ code: 'TAS', name: 'Ташкент', country_code: 'UZ' });
  },
);

test('a city comes with its airports, named in the requested language', async () => {
  const { body } = await places(`q=${encodeURIComponent('Moskova')}&lang=tr`);
  expect(body.data[0]).toMatchObject({ type: 'city', code: 'MOW', name: 'Moskova' });
  expect(body.data[0].airports.map((a: { code: string }) => a.code)).toEqual(
    expect.arrayContaining(['SVO', 'DME', 'VKO']),
  );
});

test('limit is respected and bounded; an empty query finds nothing', async () => {
  expect((await places('q=a&limit=3')).body.data).toHaveLength(3);
  expect((await places('q=&limit=3')).body.data).toEqual([]);
  const tooMany = await places('q=a&limit=50');
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.error.code).toBe('validation_failed');
});

test('an unknown language or an over-long query is a 400, never a 500', async () => {
  expect((await places('q=Tash&lang=de')).status).toBe(400);
  expect((await places(`q=${'x'.repeat(101)}`)).status).toBe(400);
  expect((await places('q[0]=a&q[1]=b')).status).toBe(400);
});

test('a lookup asked again gets the same answer; language and limit each have their own', async () => {
  const asked = async (query: string) => (await places(query)).body.data;
  const first = await asked('q=tash&lang=en&limit=8');
  expect(first[0]).toMatchObject({ code: 'TAS', name: 'Tashkent' });
  expect(await asked('q=tash&lang=en&limit=8')).toEqual(first);
  expect((await asked('q=tash&lang=ru&limit=8'))[0]).toMatchObject({ code: 'TAS', name: 'Ташкент' });
  expect(await asked('q=a&lang=en&limit=8')).toHaveLength(8);
  expect(await asked('q=a&lang=en&limit=2')).toHaveLength(2);
  expect(await asked('q=a&lang=en&limit=8')).toHaveLength(8);
});

test('a long answer is gzipped when the client takes gzip, the same answer plain otherwise', async () => {
  const ask = (encoding: string) =>
    api.app.inject({
      method: 'GET',
      url: '/v1/places?q=a&limit=20',
      headers: { 'accept-encoding': encoding },
    });
  const plain = await ask('identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  for (let i = 0; i < 2; i++) {
    const zipped = await ask('gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('public, max-age=300');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  }
});
