import { describe, expect, test } from 'vitest';
import { clientNetwork } from './ip-network.ts';

describe('clientNetwork', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['1:2:3::5:6:1.2.3.4', '1:2:3:0::/64'],
  ])('%s is %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  test('addresses of one /64 are one client; of two /64s, two', () => {
    expect(clientNetwork('2001:db8:aa:bb::1')).toBe(clientNetwork('2001:db8:aa:bb:ffff:ffff:ffff:fffe'));
    expect(clientNetwork('2001:db8:aa:bb::1')).not.toBe(clientNetwork('2001:db8:aa:bc::1'));
  });
});
