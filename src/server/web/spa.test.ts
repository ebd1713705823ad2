import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { wantsSpaFallback } from './spa';

const req = (method: string, url: string) => ({ method, url }) as FastifyRequest;

describe('wantsSpaFallback', () => {
  it('CORE.web.spa-fallback: serves index.html for page paths of the web app', () => {
    for (const url of ['/', '/dashboard', '/account/login?returnUrl=%2Fportfolio', '/account/password/reset-password?userId=1&token=x']) {
      expect(wantsSpaFallback(req('GET', url)), url).toBe(true);
    }
    expect(wantsSpaFallback(req('HEAD', '/portfolio'))).toBe(true);
  });

  it('CORE.web.spa-fallback: never for server paths, files or writes', () => {
    for (const url of ['/v1/users/me', '/v1', '/dev/outbox', '/hubs/exchange', '/healthz', '/favicon.ico', '/assets/x.js']) {
      expect(wantsSpaFallback(req('GET', url)), url).toBe(false);
    }
    expect(wantsSpaFallback(req('POST', '/dashboard'))).toBe(false);
  });
});
