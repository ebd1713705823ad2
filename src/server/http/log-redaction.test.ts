import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction';

describe('logged URLs carry no secrets', () => {
  it('API.security.logs-no-secrets: reset links lose their token and the userId it belongs to', () => {
    expect(redactUrl('/account/password/reset-password?userId=0b6c4c1e-1d0f-4c55-9a0e-4f1d8b9a1c2d&token=abcDEF123')).toBe(
      '/account/password/reset-password?userId=[redacted]&token=[redacted]',
    );
  });

  it('API.security.logs-no-secrets: hub URLs lose access_token and the connection token (id); other parameters stay', () => {
    expect(redactUrl('/hubs/exchange?id=Zx9-conn&access_token=eyJ.secret.sig')).toBe(
      '/hubs/exchange?id=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/hubs/exchange/negotiate?negotiateVersion=1')).toBe('/hubs/exchange/negotiate?negotiateVersion=1');
    // `id` is only a secret on the hub's paths.
    expect(redactUrl('/v1/orders?id=42&pair=btcusd')).toBe('/v1/orders?id=42&pair=btcusd');
  });

  it('API.security.logs-no-secrets: codes and tokens are matched by name in any case and encoding; a userId without a token stays', () => {
    expect(redactUrl('/x?CODE=123456&Refresh_Token=r&a=1&pass%77ord=p')).toBe(
      '/x?CODE=[redacted]&Refresh_Token=[redacted]&a=1&pass%77ord=[redacted]',
    );
    expect(redactUrl('/x?userId=u1')).toBe('/x?userId=u1');
    expect(redactUrl('/x?token')).toBe('/x?token=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });

  it('API.security.logs-no-secrets: the request serializer logs what Fastify logs, with the URL redacted', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/hubs/exchange?access_token=secret',
      headers: { host: 'ox.example' },
      socket: { remoteAddress: '203.0.113.9', remotePort: 51000 } as never,
    });
    expect(logged).toEqual({
      method: 'GET',
      url: '/hubs/exchange?access_token=[redacted]',
      host: 'ox.example',
      remoteAddress: '203.0.113.9',
      remotePort: 51000,
    });
  });
});
