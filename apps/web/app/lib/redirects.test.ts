import { expect, test } from 'vitest';
import { resolveRedirect } from './redirects.ts';

test('internal rules keep the language and stay in the app', () => {
  expect(resolveRedirect('/ru/login')).toEqual({ location: '/ru/profile', external: false });
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
  expect(resolveRedirect('/en/login/extra')).toBeNull();
});
