import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey } from './clientIp.ts';

describe('clientAddress', () => {
  it('uses the socket address and ignores X-Forwarded-For without trusted proxies', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', 0)).toBe('203.0.113.7');
    expect(clientAddress(undefined, '198.51.100.1', 0)).toBe('unknown');
  });

  it('behind n proxies takes the n-th address from the right, whatever the client wrote before it', () => {
    expect(clientAddress('10.0.0.1', 'spoofed, 1.1.1.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', '1.1.1.1, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', '203.0.113.7', 3)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', 'not-an-ip', 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
  });
});

describe('clientKey', () => {
  it('writes IPv4-mapped addresses as IPv4 and groups IPv6 by /64', () => {
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('nonsense')).toBeUndefined();
  });
});
