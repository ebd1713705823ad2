import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import * as signalR from '@microsoft/signalr';
import WebSocket from 'ws';
import { createHubServer, type HubServer, type HubServerOptions } from '../../src/server/hub';

// Shared fixtures for the hub integration tests: a real Fastify listening on 127.0.0.1:0, a
// cookie-based `authenticate`, the official client, a raw client for protocol-level checks,
// and a clock that only moves when told to.

export const HUB_PATH = '/hubs/test';
export const RS = '\u001e';

export interface TestUser {
  id: string;
  name: string;
}

/** Sessions the test authenticate accepts: cookie `session=<key>`. */
export const sessions = new Map<string, TestUser>([
  ['alice-session', { id: 'alice', name: 'Alice' }],
  ['bob-session', { id: 'bob', name: 'Bob' }],
  ['alice-second-session', { id: 'alice', name: 'Alice (phone)' }],
]);

export function cookieOf(session: string): string {
  return `theme=dark; session=${session}`;
}

export async function authenticateByCookie(req: IncomingMessage): Promise<TestUser | null> {
  const cookie = req.headers.cookie ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'session') return sessions.get(rest.join('=')) ?? null;
  }
  return null;
}

export interface TestHub {
  app: FastifyInstance;
  hub: HubServer<TestUser>;
  /** http://127.0.0.1:port/hubs/test */
  url: string;
  origin: string;
  /** Every socket that asked to upgrade, so a test can cut one from the server side. */
  upgradeSockets: Duplex[];
  close(): Promise<void>;
}

export async function startHub(options: Partial<HubServerOptions<TestUser>> = {}): Promise<TestHub> {
  const app = Fastify({ logger: false });
  const hub = createHubServer<TestUser>({ authenticate: authenticateByCookie, ...options });
  const upgradeSockets: Duplex[] = [];
  app.server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => upgradeSockets.push(socket));
  hub.register(app, HUB_PATH);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    app,
    hub,
    url: `${origin}${HUB_PATH}`,
    origin,
    upgradeSockets,
    close: async () => {
      await app.close();
    },
  };
}

export interface ClientOptions {
  transport?: signalR.HttpTransportType;
  session?: string;
  stateful?: boolean;
  reconnect?: boolean | number[];
  serverTimeoutMs?: number;
  keepAliveMs?: number;
}

export function buildClient(url: string, options: ClientOptions = {}): signalR.HubConnection {
  const headers: Record<string, string> = {};
  if (options.session !== undefined) headers.Cookie = cookieOf(options.session);
  let builder = new signalR.HubConnectionBuilder()
    .withUrl(url, {
      transport: options.transport ?? signalR.HttpTransportType.WebSockets,
      headers,
    })
    .configureLogging(signalR.LogLevel.None);
  if (options.stateful) builder = builder.withStatefulReconnect();
  if (options.reconnect === true) builder = builder.withAutomaticReconnect([0, 100, 200, 500]);
  else if (Array.isArray(options.reconnect)) builder = builder.withAutomaticReconnect(options.reconnect);
  if (options.serverTimeoutMs !== undefined) builder = builder.withServerTimeout(options.serverTimeoutMs);
  if (options.keepAliveMs !== undefined) builder = builder.withKeepAliveInterval(options.keepAliveMs);
  return builder.build();
}

export async function startClient(url: string, options: ClientOptions = {}): Promise<signalR.HubConnection> {
  const client = buildClient(url, { session: 'alice-session', ...options });
  await client.start();
  return client;
}

export async function waitFor(check: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Where the hub tests' manual time starts. */
export const HUB_EPOCH = 1_700_000_000_000;

export interface NegotiateResult {
  status: number;
  body: Record<string, unknown> | null;
}

export async function negotiate(url: string, session: string | null, query = 'negotiateVersion=1'): Promise<NegotiateResult> {
  const res = await fetch(`${url}/negotiate?${query}`, {
    method: 'POST',
    headers: session === null ? {} : { Cookie: cookieOf(session) },
  });
  const text = await res.text();
  let body: Record<string, unknown> | null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** A bare WebSocket speaking the JSON hub protocol by hand, for what the official client hides. */
export class RawHubSocket {
  readonly messages: Record<string, unknown>[] = [];
  closeCode: number | null = null;
  private buffer = '';

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => {
      this.buffer += data.toString();
      let at: number;
      while ((at = this.buffer.indexOf(RS)) !== -1) {
        const record = this.buffer.slice(0, at);
        this.buffer = this.buffer.slice(at + 1);
        this.messages.push(JSON.parse(record) as Record<string, unknown>);
      }
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  /** Opens the socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<RawHubSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
      const raw = new RawHubSocket(ws);
      ws.once('open', () => resolve(raw));
      ws.once('unexpected-response', (_req, res) => {
        reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode }));
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message) + RS);
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  async handshake(version = 1): Promise<Record<string, unknown>> {
    this.send({ protocol: 'json', version });
    await waitFor(() => this.messages.length > 0, 5_000, 'handshake response');
    return this.messages.shift()!;
  }

  async next(predicate: (m: Record<string, unknown>) => boolean = () => true, timeoutMs = 5_000): Promise<Record<string, unknown>> {
    let found: Record<string, unknown> | undefined;
    await waitFor(
      () => {
        const index = this.messages.findIndex(predicate);
        if (index === -1) return false;
        found = this.messages.splice(index, 1)[0];
        return true;
      },
      timeoutMs,
      'hub message',
    );
    return found!;
  }

  waitClosed(timeoutMs = 5_000): Promise<void> {
    return waitFor(() => this.closeCode !== null, timeoutMs, 'socket close');
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Opens a raw socket on a freshly negotiated connection and completes the handshake. */
export async function rawConnect(
  url: string,
  session = 'alice-session',
  version = 1,
): Promise<{ raw: RawHubSocket; connectionId: string; token: string }> {
  const n = await negotiate(url, session);
  const token = n.body!.connectionToken as string;
  const raw = await RawHubSocket.open(`${url}?id=${encodeURIComponent(token)}`, { Cookie: cookieOf(session) });
  const response = await raw.handshake(version);
  if (Object.keys(response).length !== 0) throw new Error(`handshake failed: ${JSON.stringify(response)}`);
  return { raw, connectionId: n.body!.connectionId as string, token };
}

export { signalR };
