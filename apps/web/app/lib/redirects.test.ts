import { expect, test } from 'vitest';
import { resolveRedirect } from './redirects.ts';

test('internal rules keep the language and stay in the app', () => {
  expect(resolveRedirect('/ru/signin')).toEqual({ location: '/ru/login', external: false });
  expect(resolveRedirect('/uz/orders/')).toEqual({ location: '/uz/profile/orders-history', external: false });
});

test('absolute targets are external', () => {
  expect(resolveRedirect('/en/info/openflights')).toEqual({
    location: 'https://openflights.org/data.php',
    external: true,
  });
});

test('unmatched paths have no redirect', () => {
  expect(resolveRedirect('/en/nothing')).toBeNull();
  expect(resolveRedirect('/en/signin/extra')).toBeNull();
  // /{lang}/login is a real page now (the sign-in page), not a redirect.
  expect(resolveRedirect('/en/login')).toBeNull();
});

test('an in-app navigation (the .data request) reads the table for its page path', async () => {
  const { pagePathOf, redirectOrNotFound } = await import('./not-found.server.ts');
  expect(pagePathOf(new Request('http://x/en/signin.data?_routes=a'))).toBe('/en/signin');
  expect(pagePathOf(new Request('http://x/en/_.data'))).toBe('/en/');
  expect(pagePathOf(new Request('http://x/_.data'))).toBe('/');
  expect(pagePathOf(new Request('http://x/en/info/help'))).toBe('/en/info/help');
  let thrown: unknown;
  try {
    redirectOrNotFound(new Request('http://x/ru/orders.data'));
  } catch (error) {
    thrown = error;
  }
  expect((thrown as Response).status).toBe(302);
  expect((thrown as Response).headers.get('location')).toBe('/ru/profile/orders-history');
});
