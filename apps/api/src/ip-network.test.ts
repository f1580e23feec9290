import { describe, expect, test } from 'vitest';
import { clientNetwork } from './ip-network.ts';

describe('clientNetwork', () => {
  test.each([
    // IPv4: the address itself.
    ['203.0.113.7', '203.0.113.7'],
    // IPv4-mapped IPv6, in each way it can be written: the IPv4 address.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['0000:0000:0000:0000:0000:ffff:cb00:7107', '203.0.113.7'],
    // Full, compressed and upper-case forms of one /64.
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['::', '0:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    // A zone id names the interface, not the network.
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['FE80::abcd%25', 'fe80:0:0:0::/64'],
    // Other embedded IPv4 forms are IPv6 networks.
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['1:2:3::5:6:1.2.3.4', '1:2:3:0::/64'],
    ['::203.0.113.7', '0:0:0:0::/64'],
    // Not an address (a forged header's value): unchanged.
    ['not-an-ip', 'not-an-ip'],
    ['2001:db8::g', '2001:db8::g'],
  ])('%s is %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  test('addresses of one /64 are one client; of two /64s, two', () => {
    expect(clientNetwork('2001:db8:aa:bb::1')).toBe(clientNetwork('2001:db8:aa:bb:ffff:ffff:ffff:fffe'));
    expect(clientNetwork('2001:db8:aa:bb::1')).not.toBe(clientNetwork('2001:db8:aa:bc::1'));
  });

  test.each([
    [48, '2001:db8:aa:bb::1', '2001:db8:aa::/48'],
    [56, '2001:db8:aa:bbcc::1', '2001:db8:aa:bb00::/56'],
    [60, '2001:db8:aa:bbcd::1', '2001:db8:aa:bbc0::/60'],
    [128, '2001:db8::1', '2001:db8:0:0:0:0:0:1/128'],
    [32, '2001:db8:aa:bb::1', '2001:db8::/32'],
  ])('with a /%i prefix, %s is %s', (prefix, ip, network) => {
    expect(clientNetwork(ip, prefix)).toBe(network);
  });

  test('the prefix never changes an IPv4 client', () => {
    expect(clientNetwork('203.0.113.7', 48)).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7', 128)).toBe('203.0.113.7');
  });
});
