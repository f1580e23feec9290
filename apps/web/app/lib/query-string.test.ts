import { describe, expect, test } from 'vitest';
import { parseQuery, QUERY_LIMITS, QueryLimitError, stringifyQuery } from './query-string.ts';

const repeat = (n: number, part: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => part(i)).join('&');

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('stringifyQuery', () => {
  test('indexed array notation with readable brackets', () => {
    expect(stringifyQuery({ a: ['x', 'y'] })).toBe('a[0]=x&a[1]=y');
    expect(stringifyQuery({ legs: [{ from: 'TAS', to: 'IST' }] })).toBe('legs[0][from]=TAS&legs[0][to]=IST');
    expect(stringifyQuery({ include: 'userDetail' })).toBe('include=userDetail');
  });

  test('values are still percent-encoded', () => {
    expect(stringifyQuery({ city: 'São Paulo & co', q: 'a=b?c#d' })).toBe(
      'city=S%C3%A3o%20Paulo%20%26%20co&q=a%3Db%3Fc%23d',
    );
  });

  test('numbers, booleans, dates, empty and missing values', () => {
    expect(stringifyQuery({ n: 2, b: false, d: new Date('2026-03-05T00:00:00Z') })).toBe(
      'n=2&b=false&d=2026-03-05T00%3A00%3A00.000Z',
    );
    expect(stringifyQuery({ skip: undefined, empty: '', nothing: null })).toBe('empty=&nothing=');
    expect(stringifyQuery({})).toBe('');
  });

  test('round trip through parseQuery', () => {
    const value = {
      city: 'São Paulo & co',
      uz: 'Oʻzbekiston; Toshkent',
      passengers: { adults: '2', ages: ['12', '5'] },
      legs: [
        { from: 'TAS', to: 'IST', date: '2026-03-05' },
        { from: 'IST', to: 'TAS', date: '2026-03-12' },
      ],
    };
    expect(parseQuery(stringifyQuery(value))).toEqual(value);
  });
});

describe('parseQuery', () => {
  test('parses indexed and nested keys, ignoring a leading ?', () => {
    expect(parseQuery('?a[0]=x&a[1]=y&b[c]=1')).toEqual({ a: ['x', 'y'], b: { c: '1' } });
    expect(parseQuery('a%5B0%5D=x')).toEqual({ a: ['x'] });
    expect(parseQuery('')).toEqual({});
  });

  test('does not let keys reach the prototype', () => {
    const parsed = parseQuery('__proto__[polluted]=1&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  test('the limits are the spec’s', () => {
    expect(QUERY_LIMITS).toEqual({ depth: 5, arrayLimit: 20, parameterLimit: 1000 });
  });

  test('array limit: 20 items pass, 21 throw', () => {
    expect(parseQuery(repeat(20, (i) => `a[${i}]=${i}`))['a']).toHaveLength(20);
    expect(parseQuery(repeat(20, (i) => `a[]=${i}`))['a']).toHaveLength(20);
    for (const query of [
      repeat(21, (i) => `a[${i}]=${i}`),
      repeat(21, (i) => `a[]=${i}`),
      repeat(21, (i) => `a=${i}`),
      'a[20]=x',
    ]) {
      const error = thrown(() => parseQuery(query));
      expect(error).toBeInstanceOf(QueryLimitError);
      expect(error).toMatchObject({ name: 'QueryLimitError', limit: 'arrayLimit' });
      expect((error as Error).cause).toBeInstanceOf(RangeError);
    }
  });

  test('a stringified 21-item array is refused when parsed', () => {
    const query = stringifyQuery({ a: Array.from({ length: 21 }, (_, i) => `v${i}`) });
    expect(() => parseQuery(query)).toThrow(QueryLimitError);
  });

  test('depth: 5 levels pass, 6 throw', () => {
    expect(parseQuery('a[b][c][d][e][f]=1')).toEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } });
    const error = thrown(() => parseQuery('a[b][c][d][e][f][g]=1'));
    expect(error).toBeInstanceOf(QueryLimitError);
    expect(error).toMatchObject({ limit: 'depth' });
  });

  test('parameter limit: 1000 pass, 1001 throw', () => {
    expect(Object.keys(parseQuery(repeat(1000, (i) => `p${i}=1`)))).toHaveLength(1000);
    const error = thrown(() => parseQuery(repeat(1001, (i) => `p${i}=1`)));
    expect(error).toBeInstanceOf(QueryLimitError);
    expect(error).toMatchObject({ limit: 'parameterLimit' });
  });
});
