import { describe, expect, it } from 'vitest';
import { ipBucket } from './rate-limit';

describe('rate-limit buckets of client addresses', () => {
  it('API.security.ipv6-grouped-by-64: IPv6 addresses share a bucket per /64; another /64 is another bucket', () => {
    const a = ipBucket('2001:db8:1:2::1');
    expect(ipBucket('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(a);
    expect(ipBucket('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe(a);
    expect(ipBucket('2001:db8:1:3::1')).not.toBe(a);
    expect(a).toBe('2001:db8:1:2::/64');
  });

  it('API.security.ipv6-grouped-by-64: IPv4 addresses are their own bucket, also when written IPv4-mapped', () => {
    expect(ipBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(ipBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipBucket('192.0.2.2')).not.toBe(ipBucket('192.0.2.1'));
  });

  it('API.security.ipv6-grouped-by-64: something that is no address is its own key', () => {
    expect(ipBucket('')).toBe('');
    expect(ipBucket('unix-socket')).toBe('unix-socket');
  });
});
