import { expect, test } from 'vitest';
import { isCrossSiteMutation } from './csrf.server.ts';

function request(method: string, headers: Record<string, string>) {
  return new Request('http://parvoz.test/en/settings', {
    method,
    headers: { host: 'parvoz.test', ...headers },
  });
}

test.each([
  ['same-origin fetch', 'POST', { 'sec-fetch-site': 'same-origin' }, false],
  ['typed address (none)', 'POST', { 'sec-fetch-site': 'none' }, false],
  ['cross-site fetch', 'POST', { 'sec-fetch-site': 'cross-site' }, true],
  ['same-site sibling', 'POST', { 'sec-fetch-site': 'same-site' }, true],
  ['matching Origin', 'POST', { origin: 'http://parvoz.test' }, false],
  ['foreign Origin', 'POST', { origin: 'https://evil.example' }, true],
  ['garbage Origin', 'POST', { origin: 'not a url' }, true],
  // The sender chooses Host and X-Forwarded-Host: the site's own origin is the request URL's (server.ts).
  [
    'Origin matching a forged Host',
    'POST',
    { host: 'evil.example', 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' },
    true,
  ],
  ['GET is never refused', 'GET', { 'sec-fetch-site': 'cross-site' }, false],
  ['no headers (curl)', 'POST', {}, false],
])('%s', (_name, method, headers, refused) => {
  expect(isCrossSiteMutation(request(method, headers))).toBe(refused);
});
