import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { hmacKey, hmacSha256 } from './hmac-sha256.ts';

describe('HMAC-SHA256', () => {
  test('RFC 4231 test case 2', () => {
    const mac = hmacSha256(hmacKey('Jefe'), Buffer.from('what do ya want for nothing?'));
    expect(mac.toString('hex')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  test('the same bytes as node:crypto for keys and messages of every length around the block edges', () => {
    const keys: (string | Buffer)[] = ['k', 'secret', 'ключ-секрет-🔑', 'x'.repeat(64), 'y'.repeat(65)];
    for (const length of [0, 1, 16, 32, 63, 64, 65, 100, 131]) keys.push(randomBytes(length));
    for (const secret of keys) {
      const key = hmacKey(secret);
      for (let length = 0; length <= 200; length++) {
        const message = randomBytes(length);
        expect(hmacSha256(key, message)).toEqual(createHmac('sha256', secret).update(message).digest());
      }
    }
  });
});
