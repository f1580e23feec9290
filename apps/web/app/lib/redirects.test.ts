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
