import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { signalrHubFactory } from './signalr-hub';

// The production hub factory against a throwaway local HTTP server (any free port) that
// records the negotiate request and refuses it, so nothing beyond negotiation runs.

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function refusingServer(): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    res.writeHead(401).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('production hub connection (spec B §7, §9)', () => {
  it('B9.hub-client.defaults: server timeout 30 s and keep-alive 15 s', () => {
    const connection = signalrHubFactory('http://127.0.0.1:1/hubs/exchange') as unknown as HubConnection;
    expect(connection.serverTimeoutInMilliseconds).toBe(30_000);
    expect(connection.keepAliveIntervalInMilliseconds).toBe(15_000);
  });

  it('B7.hub.negotiate-and-transports, B7.hub.access-token: negotiates with a POST at the hub address, sending X-Auth-Method: cookie', async () => {
    const { origin, seen } = await refusingServer();
    const connection = signalrHubFactory(`${origin}/hubs/exchange`);
    await expect(connection.start()).rejects.toThrow(/401/);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(new URL(seen[0]!.url!, origin).pathname).toBe('/hubs/exchange/negotiate');
    expect(seen[0]!.headers['x-auth-method']).toBe('cookie');
  });
});
