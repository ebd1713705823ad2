import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaderWriter, type SecurityHeaderOptions } from './security-headers';

const options: SecurityHeaderOptions = { production: true, connectOrigins: ['https://api.ox.example'] };

function request(host: string): IncomingMessage {
  return { headers: { host } } as unknown as IncomingMessage;
}

/** A response that only keeps its headers. */
function response(): ServerResponse & { headers: Map<string, unknown> } {
  const headers = new Map<string, unknown>();
  return {
    headers,
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse & { headers: Map<string, unknown> };
}

/** What helmet itself sets for the request, run afresh. */
function helmetsOwn(host: string): Map<string, unknown> {
  const res = response();
  helmet(helmetOptions(options))(request(host), res, () => undefined);
  return res.headers;
}

function written(writer: ReturnType<typeof securityHeaderWriter>, host: string): Map<string, unknown> {
  const res = response();
  let error: unknown = 'not called';
  writer.write(request(host), res, (err) => (error = err));
  expect(error).toBeUndefined();
  return res.headers;
}

describe('security headers, kept per host', () => {
  it("API.security.security-headers: every answer gets helmet's own headers for its host, the first one and the kept ones alike", () => {
    const writer = securityHeaderWriter(options);
    for (const host of ['localhost:8080', '127.0.0.1:9000', 'ox.example', 'evil.example/ x', '']) {
      expect(written(writer, host)).toEqual(helmetsOwn(host));
      expect(written(writer, host)).toEqual(helmetsOwn(host));
    }
    expect(String(written(writer, 'ox.example').get('content-security-policy'))).toContain('wss://ox.example');
    expect(written(writer, 'ox.example').get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('API.security.security-headers: hosts are the client to choose, so only the last few are kept, and a host seen again gets its own policy', () => {
    const writer = securityHeaderWriter(options, 4);
    for (let i = 0; i < 20; i++) {
      const host = `h${i}.example`;
      expect(String(written(writer, host).get('content-security-policy'))).toContain(`wss://${host} `);
      expect(writer.hostsKept()).toBeLessThanOrEqual(4);
    }
    expect(written(writer, 'h0.example')).toEqual(helmetsOwn('h0.example'));
    expect(writer.hostsKept()).toBe(4);
  });
});
