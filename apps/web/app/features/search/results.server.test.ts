import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { createApiClient } from '../../lib/api.server.ts';
import {
  dateStripOf,
  repriceShared,
  searchDateStrip,
  searchFareCalendar,
  searchOffers,
  parseItinerary,
  parseSegment,
  segmentCodes,
  shiftedParams,
  slimOffer,
  stripOffsets,
  type SearchInput,
} from './results.server.ts';
import type { ApiOffer } from '@parvoz/contracts/offers';
import { parseSearchSegment } from '@parvoz/core/search-segment';
import { sliceOf, testSegment } from '@parvoz/core/offer-testing';
import type { ResultOffer, ResultSlice, SearchOutcome } from './results.ts';
import { searchDateGrid } from './date-grid.server.ts';

describe('the search path segment', () => {
  const noon = new Date('2026-11-23T12:00:00Z');

  test("reads the path as core's parser does on the visitor's today (core's tests cover the format)", () => {
    const parsed = parseSegment('TAS1512IST2012211b', noon);
    expect(parsed).toEqual(
      parseSearchSegment('TAS1512IST2012211b', { today: '2026-11-23', knownCode: () => true }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: { departureDate: '2026-12-15', returnDate: '2026-12-20' },
    });
  });

  test('a traveller still on yesterday’s date (west of UTC) gets that date, not next year’s', () => {
    const early = new Date('2026-11-23T02:00:00Z');
    expect(parseSegment('TAS2211IST1', early)).toMatchObject({
      ok: true,
      value: { departureDate: '2026-11-22' },
    });
  });

  test('a path that cannot be searched still names its two places when it starts like a search', () => {
    expect(segmentCodes('TAS3102IST1')).toEqual({ origin: 'TAS', destination: 'IST' });
    expect(segmentCodes('TAS1512TAS1')).toEqual({ origin: 'TAS', destination: 'TAS' });
    expect(segmentCodes('TAS1512IST99999')).toEqual({ origin: 'TAS', destination: 'IST' });
    expect(segmentCodes('nonsense')).toBeNull();
    expect(segmentCodes('tas1512ist1')).toBeNull();
  });

  test('a bad segment is a clear refusal, never an exception', () => {
    expect(parseSegment('not-a-search', noon)).toEqual({
      ok: false,
      error: { code: 'malformed', field: 'segment' },
    });
    expect(parseSegment('TAS3102IST1', noon)).toMatchObject({ ok: false, error: { code: 'invalid_date' } });
    expect(parseSegment('TAS1512TAS1', noon)).toMatchObject({
      ok: false,
      error: { code: 'same_origin_destination' },
    });
    expect(parseSegment('TAS1512IST102', noon)).toMatchObject({
      ok: false,
      error: { code: 'too_many_infants' },
    });
    expect(parseSegment('x'.repeat(5000), noon)).toMatchObject({ ok: false });
  });
});

describe('the shared ticket link', () => {
  test('reads the flight keys per slice', () => {
    const url = new URL(
      'http://x/en/flight/TAS1512IST1?itinerary[0]=HY601-2026-12-15,TK33-2026-12-15&itinerary%5B1%5D=TK34-2026-12-20&fare=standard',
    );
    expect(parseItinerary(url)).toEqual([['HY601-2026-12-15', 'TK33-2026-12-15'], ['TK34-2026-12-20']]);
  });

  test('ignores anything that is not a flight key list', () => {
    expect(parseItinerary(new URL('http://x/?itinerary[0]=<script>'))).toBeNull();
    expect(
      parseItinerary(
        new URL('http://x/?itinerary[0]=A1-2026-12-15,B2-2026-12-15,C3-2026-12-15,D4-2026-12-15'),
      ),
    ).toBeNull();
    expect(parseItinerary(new URL('http://x/?fare=light'))).toBeNull();
  });
});

test('the ±3-day strip moves a round trip as a whole', () => {
  const params = {
    origin: 'TAS',
    destination: 'IST',
    departureDate: '2026-12-30',
    returnDate: '2027-01-02',
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'economy' as const,
  };
  expect(shiftedParams(params, 3)).toMatchObject({ departureDate: '2027-01-02', returnDate: '2027-01-05' });
  expect(shiftedParams({ ...params, returnDate: null }, -2)).toMatchObject({
    departureDate: '2026-12-28',
    returnDate: null,
  });
});

test('trimmed offers keep what the page shows and share repeated slices', () => {
  const baggage = { cabin: { quantity: 1, weight_kg: 10 }, checked: { quantity: 0, weight_kg: 0 } };
  const slice = (flight_key: string) => sliceOf([testSegment({ flight_key })], 290);
  const offer = (back: string): ApiOffer => ({
    id: `off_${back}`,
    total_amount: '412.50',
    total_currency: 'USD',
    base_amount: '300.00',
    tax_amount: '112.50',
    expires_at: '2026-11-23T12:20:00Z',
    slices: [slice('HY601-2026-12-15'), slice(back)],
    passengers: [{ id: 'pas_1', type: 'adult' }],
    cabin_class: 'economy',
    fare_family: 'light',
    baggage,
    price_breakdown: [],
    fare_families: [],
    available_services: [],
    owner: { iata_code: 'HY', name: 'Uzbekistan Airways' },
  });
  const shared = new Map<string, ResultSlice>();
  const a = slimOffer(offer('HY602-2026-12-20'), 0, shared);
  const b = slimOffer(offer('HY604-2026-12-20'), 1, shared);
  expect(a.slices[0]).toBe(b.slices[0]);
  expect(a.slices[1]).not.toBe(b.slices[1]);
  expect(a.slices[0]!.segments[0]).toEqual({
    flight_key: 'HY601-2026-12-15',
    origin: 'TAS',
    destination: 'IST',
    departing_at: '2026-12-15T07:35:00+05:00',
    arriving_at: '2026-12-15T11:25:00+03:00',
    duration_minutes: 290,
    carrier: { code: 'HY', name: 'Uzbekistan Airways' },
    flight_number: '601',
    aircraft: 'Airbus A320',
  });
  expect(a).toMatchObject({ rank: 0, seats_left: null, baggage: { cabin_kg: 10, checked_quantity: 0 } });
});

describe('the ±3-day strip from one calendar answer', () => {
  const input: SearchInput = {
    params: {
      origin: 'TAS',
      destination: 'IST',
      departureDate: '2026-12-15',
      returnDate: '2026-12-20',
      passengers: { adults: 2, children: 1, infants: 0 },
      cabin: 'economy',
    },
    currency: 'EUR',
    lang: 'ru',
  };
  const chosen = (totals: string[], connected = true): SearchOutcome => ({
    kind: 'ok',
    search_id: 's',
    currency: 'EUR',
    expires_at: '2026-11-23T12:20:00Z',
    served_at: 0,
    passengers: input.params.passengers,
    cabin: 'economy',
    connected,
    incomplete: false,
    offers: totals.map((total_amount, rank) => ({ total_amount, rank }) as ResultOffer),
  });
  const calendar = {
    currency: 'EUR' as const,
    connected: true,
    days: [
      { date: '2026-12-12', min_amount: '410.00' },
      { date: '2026-12-13', min_amount: null },
      { date: '2026-12-14', min_amount: '399.50' },
      { date: '2026-12-15', min_amount: '1.00' },
      { date: '2026-12-16', min_amount: '420.00' },
      { date: '2026-12-17', min_amount: '430.00' },
      { date: '2026-12-18', min_amount: '440.00' },
    ],
  };

  test('days come from the calendar, day 0 from the chosen search, both dates moved, links kept', () => {
    const strip = dateStripOf(input, [-3, -2, -1, 0, 1, 2, 3], calendar, chosen(['512.00', '405.25']));
    expect(strip.currency).toBe('EUR');
    expect(strip.days.map((d) => d.min_amount)).toEqual([
      '410.00',
      null,
      '399.50',
      '405.25',
      '420.00',
      '430.00',
      '440.00',
    ]);
    expect(strip.days[0]).toMatchObject({ offset: -3, depart: '2026-12-12', ret: '2026-12-17' });
    expect(strip.days[6]!.segment).toBe('TAS1812IST2312210');
  });

  test('a failed calendar leaves the other days empty; unconnected places give no strip', () => {
    expect(dateStripOf(input, [0, 1], null, chosen(['300'])).days.map((d) => d.min_amount)).toEqual([
      '300',
      null,
    ]);
    expect(dateStripOf(input, [0, 1], { ...calendar, connected: false }, chosen(['300'])).days).toEqual([]);
    expect(dateStripOf(input, [0, 1], calendar, chosen([], false)).days).toEqual([]);
    const failed: SearchOutcome = { kind: 'error', reason: 'unavailable' };
    expect(dateStripOf(input, [0, 1], calendar, failed).days.map((d) => d.min_amount)).toEqual([
      null,
      '420.00',
    ]);
  });

  test('days before today (at the earliest zone) and past the horizon (at the latest) are left out', () => {
    const now = new Date('2026-12-14T12:00:00Z');
    expect(stripOffsets(input.params, now)).toEqual([-2, -1, 0, 1, 2, 3]);
    // 2027-10-19 is the 330th day from 24 November, the date east of UTC+12 at noon UTC on the 23rd.
    const far = { ...input.params, departureDate: '2027-10-10', returnDate: '2027-10-17' };
    expect(stripOffsets(far, new Date('2026-11-23T12:00:00Z'))).toEqual([-3, -2, -1, 0, 1, 2]);
  });

  test('with Duffel still searching, the chosen day gets the cheaper of both suppliers when the merged list comes', async () => {
    // The API on loopback answers the calendar (the built-in network's days around the chosen one).
    const server = createServer((_, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: calendar }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, anonymousToken: 'anonymous' });
    const now = new Date('2026-11-23T12:00:00Z');
    try {
      const first = (more?: Promise<SearchOutcome>) => Promise.resolve({ ...chosen(['512.00']), more });
      const withDuffel = await searchDateStrip(
        api,
        input,
        first(Promise.resolve(chosen(['512.00', '388.10']))),
        now,
      );
      expect(withDuffel.days.map((d) => d.min_amount)).toEqual([
        '410.00',
        null,
        '399.50',
        '512.00',
        '420.00',
        '430.00',
        '440.00',
      ]);
      expect(await withDuffel.chosenMore).toBe('388.10');
      const failing = await searchDateStrip(
        api,
        input,
        first(Promise.reject(new Error('stream ended'))),
        now,
      );
      expect(await failing.chosenMore).toBeNull();
      expect((await searchDateStrip(api, input, first(), now)).chosenMore).toBeUndefined();
      // The strip never waits for the other supplier (a test timeout if it did).
      const waiting = await searchDateStrip(api, input, first(new Promise(() => {})), now);
      expect(waiting.days[3]!.min_amount).toBe('512.00');
    } finally {
      server.close();
    }
  });
});

test("every price the results page asks for names the site language: the market of the agency's rules", async () => {
  // Real HTTP on loopback: what each call sends, answered 503 (the page's calls survive a failing API).
  const asked: { path: string; lang: string | null }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const lang = url.searchParams.get('lang') ?? ((body ? JSON.parse(body) : {}) as { lang?: string }).lang;
      asked.push({ path: url.pathname, lang: lang ?? null });
      response.statusCode = 503;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ error: { code: 'unavailable', message: 'down' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, anonymousToken: 'anonymous' });
  const parsed = parseSearchSegment('TAS1512IST2012211', { today: '2026-11-23', knownCode: () => true });
  if (!parsed.ok) throw new Error('not a search');
  const input = { params: parsed.value, currency: 'UZS' as const, lang: 'uz' as const };
  try {
    await searchOffers(api, input);
    await searchFareCalendar(api, input);
    await searchDateGrid(api, input);
    await repriceShared(api, [['HY601-2026-12-15']], input, 'light');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  // (A failed call may be asked again: every one names it.)
  expect([...new Set(asked.map((a) => a.path))]).toEqual([
    '/v1/flights/search',
    '/v1/flights/calendar',
    '/v1/flights/date-grid',
    '/v1/offers/reprice',
  ]);
  expect(asked.filter((a) => a.lang !== 'uz')).toEqual([]);
});
