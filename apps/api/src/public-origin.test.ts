import { expect, test } from 'vitest';
import { isBareOrigin, publicOrigin } from './public-origin.ts';

const listening = (address: string, port = 3000) => ({ address, port, family: 'IPv4' });

test('PUBLIC_URL wins, as an origin', () => {
  expect(publicOrigin('https://parvoz.example/', listening('0.0.0.0'))).toBe('https://parvoz.example');
  expect(publicOrigin('http://parvoz.example:8080', null)).toBe('http://parvoz.example:8080');
});

test('else the address listened on, with the wildcard addresses as loopback', () => {
  expect(publicOrigin(undefined, listening('127.0.0.1', 4123))).toBe('http://127.0.0.1:4123');
  expect(publicOrigin(undefined, listening('0.0.0.0'))).toBe('http://127.0.0.1:3000');
  expect(publicOrigin(undefined, listening('::'))).toBe('http://[::1]:3000');
  expect(publicOrigin(undefined, listening('192.0.2.5', 80))).toBe('http://192.0.2.5:80');
  expect(publicOrigin(undefined, listening('fd00::5'))).toBe('http://[fd00::5]:3000');
});

test('nothing to go on (not listening, a pipe): null, never a guess from a request', () => {
  expect(publicOrigin(undefined, null)).toBeNull();
  expect(publicOrigin(undefined, '/tmp/parvoz.sock')).toBeNull();
});

test.each([
  ['https://parvoz.example', true],
  ['https://parvoz.example/', true],
  ['http://127.0.0.1:3000', true],
  ['https://parvoz.example/shop', false],
  ['https://parvoz.example/?a=1', false],
  ['https://parvoz.example/#x', false],
  ['https://user:secret@parvoz.example', false],
  ['not a url', false],
])('PUBLIC_URL %s is a bare origin: %s', (url, bare) => {
  expect(isBareOrigin(url)).toBe(bare);
});
