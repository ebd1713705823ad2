import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from './options';
import { normalizeOrigin, originPolicy } from './origin-policy';

const req = (host: string, encrypted = false) => ({ headers: { host }, socket: { encrypted } }) as unknown as IncomingMessage;
const authenticate = async () => null;

describe('originPolicy', () => {
  it('CORE.hub.origin-policy: defaults to same-origin browsers plus clients that send no Origin', async () => {
    const check = originPolicy(resolveOptions({ authenticate }));
    expect(await check(undefined, req('ex.com'))).toBe(true);
    expect(await check('https://ex.com', req('ex.com', true))).toBe(true);
    expect(await check('http://ex.com:8080', req('ex.com:8080'))).toBe(true);
    expect(await check('https://evil.com', req('ex.com'))).toBe(false);
    expect(await check('null', req('ex.com'))).toBe(false);
  });

  it('CORE.hub.origin-policy: same origin means the same scheme too: an http page may not open the https hub, nor the reverse', async () => {
    const check = originPolicy(resolveOptions({ authenticate }));
    expect(await check('http://ex.com', req('ex.com', true))).toBe(false);
    expect(await check('https://ex.com', req('ex.com'))).toBe(false);
    expect(await check('http://ex.com:8443', req('ex.com:8080'))).toBe(false);
  });

  it('CORE.hub.origin-policy: matches allowedOrigins after normalising case and default ports', async () => {
    const check = originPolicy(resolveOptions({ authenticate, allowedOrigins: ['https://App.Example.com'] }));
    expect(await check('https://app.example.com:443', req('api.example.com'))).toBe(true);
    expect(await check('http://app.example.com', req('api.example.com'))).toBe(false);
    expect(await check('https://app.example.com.evil.com', req('api.example.com'))).toBe(false);
  });

  it('CORE.hub.origin-policy: lets checkOrigin decide, and treats its failure as a refusal', async () => {
    const allow = originPolicy(resolveOptions({ authenticate, checkOrigin: (o) => o === 'https://ok.example' }));
    expect(await allow('https://ok.example', req('x'))).toBe(true);
    expect(await allow(undefined, req('x'))).toBe(false);
    const broken = originPolicy(
      resolveOptions({
        authenticate,
        checkOrigin: () => {
          throw new Error('boom');
        },
      }),
    );
    expect(await broken('https://ok.example', req('x'))).toBe(false);
  });

  it('CORE.hub.origin-policy: normalises origins and rejects junk', () => {
    expect(normalizeOrigin('HTTPS://A.example:443')).toBe('https://a.example');
    expect(normalizeOrigin('not a url')).toBeNull();
    expect(normalizeOrigin('null')).toBeNull();
  });
});
