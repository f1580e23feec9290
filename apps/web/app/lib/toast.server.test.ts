import { expect, test } from 'vitest';
import { parse } from 'cookie';
import { TOAST_COOKIE, clearToastCookie, readToast, redirectWithToast } from './toast.server.ts';

function requestWith(setCookie: string): Request {
  const [pair] = setCookie.split(';');
  return new Request('http://localhost/en/profile', { headers: { cookie: pair! } });
}

test('redirectWithToast redirects and carries the toast in a short-lived HttpOnly cookie the next page reads', () => {
  const response = redirectWithToast('/en/profile/settings', {
    type: 'success',
    key: 'settings.saved',
    values: { n: 1 },
  });
  expect(response.status).toBe(302);
  expect(response.headers.get('Location')).toBe('/en/profile/settings');
  const setCookie = response.headers.get('Set-Cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/Max-Age=60/);
  const toast = readToast(requestWith(setCookie));
  expect(toast).toMatchObject({ type: 'success', key: 'settings.saved', values: { n: 1 } });
  expect(toast?.id).toMatch(/^[0-9a-f-]{36}$/);
});

test('a broken, forged or unknown-key cookie is no toast; clearing expires it', () => {
  expect(readToast(new Request('http://localhost/'))).toBeNull();
  expect(
    readToast(new Request('http://localhost/', { headers: { cookie: `${TOAST_COOKIE}=%%%` } })),
  ).toBeNull();
  const forged = Buffer.from(JSON.stringify({ id: 'x', type: 'success', key: 'no.such.key' })).toString(
    'base64url',
  );
  expect(
    readToast(new Request('http://localhost/', { headers: { cookie: `${TOAST_COOKIE}=${forged}` } })),
  ).toBeNull();
  const cleared = clearToastCookie();
  expect(parse(cleared.split(';')[0]!)[TOAST_COOKIE]).toBe('');
  expect(cleared).toMatch(/Max-Age=0/);
});
