import { describe, expect, test } from 'vitest';
import { homeOriginOf } from './home-popular.server.ts';

describe('the city a home page starts from', () => {
  test("English from the agency's home market; the other languages from their own", () => {
    expect(homeOriginOf('en', 'TAS')).toBe('TAS');
    expect(homeOriginOf('en', 'IST')).toBe('IST');
    expect([homeOriginOf('ru', 'IST'), homeOriginOf('uz', 'IST'), homeOriginOf('tr', 'TAS')]).toEqual([
      'MOW',
      'TAS',
      'IST',
    ]);
  });
});
