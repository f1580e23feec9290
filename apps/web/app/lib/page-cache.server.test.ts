import { expect, test } from 'vitest';
import { personalPageHeaders } from './page-cache.server.ts';

// An order, a booking or a console page is never stored by a cache, whatever its parent said; the parent's
// other headers (the language cookie) still go out.
test('a personal page: private, no-store, and the parent’s cookie kept', () => {
  const parentHeaders = new Headers({
    'Cache-Control': 'public, max-age=300',
    'Set-Cookie': 'lang=ru; Path=/',
  });
  const headers = personalPageHeaders({ parentHeaders });
  expect(headers.get('Cache-Control')).toBe('private, no-store');
  expect(headers.get('Set-Cookie')).toBe('lang=ru; Path=/');
  expect(parentHeaders.get('Cache-Control')).toBe('public, max-age=300');
});
