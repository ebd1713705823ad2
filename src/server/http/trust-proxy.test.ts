import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('API.security.trust-proxy-hops-or-cidr: a hop count trusts exactly that many hops nearest the server', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('198.51.100.1', hop))).toEqual([true, true, false]);
  });

  it('API.security.trust-proxy-hops-or-cidr: a list is handed to Fastify as addresses and ranges; none trusts nothing', () => {
    expect(fastifyTrustProxy(['10.0.0.0/8', 'loopback'])).toEqual(['10.0.0.0/8', 'loopback']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });

  it('API.security.trust-proxy-hops-or-cidr: refuses true, odd addresses and absurd hop counts with the way out in the message', () => {
    for (const bad of ['true', '1.2.3', '10.0.0.0/8,nope', '::1/129', '99']) {
      const parsed = parseTrustProxy(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/TRUST_PROXY=1 .*TRUST_PROXY=10\.0\.0\.0\/8/);
    }
  });
});
