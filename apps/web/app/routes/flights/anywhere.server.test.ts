import { afterEach, describe, expect, test } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { testRequestState } from '../../testing/request-state.ts';
import { NOT_FOUND, useApiStandIn, type Asked } from '../../testing/api-stand-in.ts';
import { loader, weekendDays } from './anywhere.server.ts';

// The "anywhere" page's loader (docs/anywhere.md) against a stand-in of GET /v1/flights/anywhere and
// GET /v1/places: the origin from a code, a name typed without JavaScript or the language's city; a live site
// says it lists no fares by month and asks the API nothing.
const ANYWHERE = {
  origin: { code: 'IST', name: 'İstanbul', lat: 41, lon: 29 },
  currency: 'TRY',
  destinations: [
    {
      code: 'AYT',
      name: 'Antalya',
      lat: 36.9,
      lon: 30.8,
      departure_date: '2027-02-03',
      return_date: null,
      min_amount: '1500.00',
    },
  ],
};

const answer = ({ method, path }: Asked) =>
  method === 'GET' && path === '/v1/flights/anywhere'
    ? { status: 200, body: { data: ANYWHERE } }
    : method === 'GET' && path === '/v1/places'
      ? {
          status: 200,
          body: {
            data: [
              {
                type: 'city',
                code: 'IST',
                name: 'İstanbul',
                city_code: 'IST',
                city_name: 'İstanbul',
                country_code: 'TR',
                country_name: 'Türkiye',
                airports: [],
              },
            ],
          },
        }
      : NOT_FOUND;

const standIn = useApiStandIn(answer);

function load(query: string, locale: 'tr' | 'en' = 'tr') {
  const context = new RouterContextProvider();
  context.set(requestStateContext, testRequestState(standIn.api, { locale }));
  const request = new Request(`http://localhost/${locale}/anywhere${query}`);
  return loader({
    request,
    params: { lang: locale },
    context,
    url: new URL(request.url),
    pattern: '',
  } as never);
}

afterEach(() => {
  delete process.env.PARVOZ_MODE;
});

describe('the anywhere page’s loader', () => {
  test('a typed name is found without JavaScript; the list comes with its dates in words', async () => {
    const data = await load('?from=TAS&fromName=Istanbul&when=');
    expect(standIn.asked.map((a) => a.path)).toEqual(['/v1/places', '/v1/flights/anywhere']);
    expect(data.problem).toBeNull();
    expect(data.origin).toMatchObject({ code: 'IST', currency: 'TRY' });
    expect(data.cards[0]).toMatchObject({ code: 'AYT', dates: expect.stringContaining('3') });
    expect(data.words.results?.heading).toContain('İstanbul');
  });

  test('a live site lists no fares by month: it says so and asks the API nothing', async () => {
    process.env.PARVOZ_MODE = 'live';
    const data = await load('?from=IST');
    expect(standIn.asked).toEqual([]);
    expect(data.problem).toBe('live');
    expect(data.cards).toEqual([]);
    expect(data.words.problem).toBeTruthy();
  });
});

test('a weekend whose Friday has passed flies from its Saturday (as the API prices it)', () => {
  expect(weekendDays('2027-01-08', '2027-01-06')).toEqual(['2027-01-08', '2027-01-10']);
  expect(weekendDays('2027-01-08', '2027-01-08')).toEqual(['2027-01-08', '2027-01-10']);
  expect(weekendDays('2027-01-08', '2027-01-09')).toEqual(['2027-01-09', '2027-01-10']);
});
