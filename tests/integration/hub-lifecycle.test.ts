import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HubServerOptions } from '../../src/server/hub';
import {
  buildClient,
  cookieOf,
  HUB_EPOCH,
  negotiate,
  RawHubSocket,
  rawConnect,
  RS,
  signalR,
  startClient,
  startHub,
  waitFor,
  type TestHub,
  type TestUser,
} from './hub-helpers';
import { ManualTimers } from '../../src/server/time/manual-timers';

// Deadlines and limits: keep-alive pings, dropping silent clients, expiring unused
// negotiations and handshakes, message size, slow consumers, fan-out cost and shutdown.

const alice = { Cookie: cookieOf('alice-session') };
let server: TestHub | null = null;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = null;
});

/**
 * A WebSocket peer that completes the upgrade and the hub handshake, then never writes again:
 * it reads what the server sends but never answers a close frame, like a stalled browser.
 */
async function unansweringPeer(url: string, origin: string): Promise<{ socket: Socket; received: () => Buffer; ended: Promise<void> }> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  let data = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (data = Buffer.concat([data, chunk])));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    [
      `GET ${pathname} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Origin: ${origin}`,
      `Cookie: ${cookieOf('alice-session')}`,
      '',
      '',
    ].join('\r\n'),
  );
  await waitFor(() => data.includes('\r\n\r\n'), 5_000, 'upgrade response');
  expect(data.toString('latin1').split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols');
  data = data.subarray(data.indexOf('\r\n\r\n') + 4);
  // One masked text frame (RFC 6455 §5.2) carrying the hub handshake.
  const payload = Buffer.from(JSON.stringify({ protocol: 'json', version: 1 }) + RS);
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
  // The handshake response: an empty JSON object and the separator, in a text frame.
  await waitFor(() => data.includes(`{}${RS}`), 5_000, 'handshake response');
  return { socket, received: () => data, ended };
}

function withEvents(options: Partial<HubServerOptions<TestUser>> = {}) {
  const events: string[] = [];
  return {
    events,
    options: {
      methods: { Echo: (_ctx: unknown, v: unknown) => v },
      onDisconnected: (_ctx: unknown, error?: Error) => {
        events.push(error ? `error:${error.message}` : 'clean');
      },
      ...options,
    } satisfies Partial<HubServerOptions<TestUser>>,
  };
}

describe('keep-alive', () => {
  it('CORE.hub.ping-when-idle: sends a Ping only after the keep-alive interval passed with nothing sent', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    server = await startHub({ clock, keepAliveIntervalMs: 15_000, clientTimeoutMs: 60_000 });
    const { raw, connectionId } = await rawConnect(server.url);
    clock.advance(14_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(raw.messages).toEqual([]);
    clock.advance(1_000);
    expect(await raw.next()).toEqual({ type: 6 });

    // Other traffic postpones the next ping.
    clock.advance(10_000);
    server.hub.sendToConnection(connectionId, 'ReceiveTicker', ['t']);
    expect(await raw.next()).toMatchObject({ type: 1, target: 'ReceiveTicker' });
    clock.advance(14_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(raw.messages).toEqual([]);
    clock.advance(1_000);
    expect(await raw.next()).toEqual({ type: 6 });
    raw.close();
  });

  it('CORE.hub.timeout-reason: drops a client that sent nothing for the client timeout, telling it to reconnect', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    const { events, options } = withEvents({ clock, clientTimeoutMs: 30_000 });
    server = await startHub(options);
    const { raw } = await rawConnect(server.url);
    clock.advance(20_000);
    raw.send({ type: 6 });
    await waitFor(() => server!.hub.connections()[0]!.lastReceivedAt === clock.now());
    clock.advance(29_000);
    expect(server.hub.connections()).toHaveLength(1);
    clock.advance(1_000);
    expect(await raw.next((m) => m.type === 7)).toEqual({
      type: 7,
      error: 'Client timeout elapsed without receiving a message from the client.',
      allowReconnect: true,
    });
    await raw.waitClosed();
    expect(server.hub.connections()).toHaveLength(0);
    await waitFor(() => events.length === 1);
    expect(events).toEqual(['error:Client timeout elapsed without receiving a message from the client.']);
  });

  it('CORE.hub.timeout-reason, API.hub.client-timeout-30s: drops a silent official client, which sees the reason', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    server = await startHub({ clock });
    const client = await startClient(server.url);
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    clock.advance(30_000);
    const error = await closed;
    expect(error?.message).toBe('Server returned an error on close: Client timeout elapsed without receiving a message from the client.');
  });

  it('CORE.hub.long-poll-client-timeout: drops a long-polling client that stopped polling and hands it the Close on its next poll', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    server = await startHub({ clock });
    const token = (await negotiate(server.url, 'alice-session')).body!.connectionToken as string;
    const url = `${server.url}?id=${token}`;
    await fetch(url, { headers: alice });
    await fetch(url, { method: 'POST', headers: alice, body: `{"protocol":"json","version":1}${RS}` });
    expect(await (await fetch(url, { headers: alice })).text()).toBe(`{}${RS}`);
    clock.advance(30_000);
    expect(server.hub.connections()).toHaveLength(0);
    expect(await (await fetch(url, { headers: alice })).text()).toBe(
      `{"type":7,"error":"Client timeout elapsed without receiving a message from the client.","allowReconnect":true}${RS}`,
    );
    expect((await fetch(url, { headers: alice })).status).toBe(404);
  });
});

describe('expiry of unfinished connections', () => {
  it('CORE.hub.negotiate-token-expires: forgets a negotiated token no transport used', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    server = await startHub({ clock, negotiateTimeoutMs: 30_000 });
    const token = (await negotiate(server.url, 'alice-session')).body!.connectionToken as string;
    clock.advance(29_000);
    expect(server.hub.connections()).toEqual([expect.objectContaining({ state: 'negotiated', transport: null })]);
    clock.advance(1_000);
    expect(server.hub.connections()).toEqual([]);
    await expect(RawHubSocket.open(`${server.url}?id=${token}`, alice)).rejects.toMatchObject({ status: 404 });
  });

  it('CORE.hub.handshake-timeout: closes a transport that never sends its handshake', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    const { events, options } = withEvents({ clock, handshakeTimeoutMs: 15_000 });
    server = await startHub(options);
    const raw = await RawHubSocket.open(server.url, alice);
    clock.advance(15_000);
    await raw.waitClosed();
    expect(raw.messages).toEqual([]);
    expect(server.hub.connections()).toEqual([]);
    // It never connected, so there is nothing to disconnect.
    expect(events).toEqual([]);
  });
});

describe('message size', () => {
  it.each([
    ['WebSockets', signalR.HttpTransportType.WebSockets],
    ['ServerSentEvents', signalR.HttpTransportType.ServerSentEvents],
    ['LongPolling', signalR.HttpTransportType.LongPolling],
  ] as const)('CORE.hub.oversize-closes-one: closes a %s connection that sends a message over the limit', async (_name, transport) => {
    const { events, options } = withEvents({ maxMessageSize: 1_024 });
    server = await startHub(options);
    const client = await startClient(server.url, { transport });
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await expect(client.invoke('Echo', 'a'.repeat(900))).resolves.toHaveLength(900);
    await expect(client.invoke('Echo', 'a'.repeat(2_000))).rejects.toThrow();
    expect((await closed)?.message).toBe(
      'Server returned an error on close: Connection closed with an error. The maximum message size of 1024B was exceeded.',
    );
    await waitFor(() => events.length === 1);
    expect(events[0]).toBe('error:The maximum message size of 1024B was exceeded.');
  });
});

describe('backpressure and fan-out', () => {
  it('CORE.hub.slow-reader-closed: closes a connection that stops reading instead of buffering without bound', async () => {
    const { events, options } = withEvents({ maxBufferedBytes: 256 * 1024 });
    server = await startHub(options);
    const { raw, connectionId } = await rawConnect(server.url);
    server.hub.addToGroup(connectionId, 'orderbook.ox.btcusd');
    raw.ws.pause();
    const payload = 'x'.repeat(64 * 1024);
    let sends = 0;
    while (server.hub.connections().length > 0 && sends < 2_000) {
      server.hub.sendToGroup('orderbook.ox.btcusd', 'ReceiveOrderBook', [payload]);
      sends += 1;
      // Let the socket drain into the kernel so only real backlog counts.
      if (sends % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(server.hub.connections()).toHaveLength(0);
    await waitFor(() => events.length === 1);
    expect(events[0]).toBe('error:The client is not reading messages fast enough.');
    raw.ws.resume();
    await raw.waitClosed();
  });

  it('CORE.hub.group-message-serialised-once: serializes a group message once for a thousand connections', async () => {
    server = await startHub();
    const sockets: RawHubSocket[] = [];
    for (let batch = 0; batch < 10; batch++) {
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, async () => {
            const raw = await RawHubSocket.open(server!.url, alice);
            await raw.handshake();
            return raw;
          }),
        )),
      );
    }
    const connections = server.hub.connections();
    expect(connections).toHaveLength(1_000);
    for (const c of connections) server.hub.addToGroup(c.connectionId, 'ticker.ox.btcusd');

    const stringify = vi.spyOn(JSON, 'stringify');
    const result = server.hub.sendToGroup('ticker.ox.btcusd', 'ReceiveTicker', [{ pair: 'BTCUSD', last: '64000.5' }]);
    const calls = stringify.mock.calls.length;
    stringify.mockRestore();
    expect(result).toEqual({ ok: true, value: 1_000 });
    expect(calls).toBe(1);

    await waitFor(() => sockets.every((s) => s.messages.length === 1), 15_000, 'fan-out delivery');
    expect(sockets[999]!.messages[0]).toEqual({
      type: 1,
      target: 'ReceiveTicker',
      arguments: [{ pair: 'BTCUSD', last: '64000.5' }],
    });
    for (const s of sockets) s.close();
  });
});

describe('close()', () => {
  it('CORE.hub.close-allows-reconnect: closes every connection with a Close that allows reconnecting, then refuses new ones', async () => {
    const { events, options } = withEvents();
    server = await startHub(options);
    const raw = (await rawConnect(server.url)).raw;
    const clients = await Promise.all([
      ...[signalR.HttpTransportType.WebSockets, signalR.HttpTransportType.ServerSentEvents, signalR.HttpTransportType.LongPolling].map(
        (transport) => startClient(server!.url, { transport, reconnect: [60_000] }),
      ),
      // A stateful client first redials the same connection; refused, it reconnects from scratch.
      startClient(server.url, { stateful: true, reconnect: [60_000] }),
    ]);
    const reconnecting = clients.map((client) => new Promise<Error | undefined>((resolve) => client.onreconnecting(resolve)));

    await server.hub.close();

    expect(await raw.next((m) => m.type === 7)).toEqual({ type: 7, allowReconnect: true });
    await raw.waitClosed();
    // Each official client treats the server's Close as a reason to reconnect, not to give up.
    await Promise.all(reconnecting);
    expect(clients.map((c) => c.state)).toEqual(Array(4).fill(signalR.HubConnectionState.Reconnecting));
    expect(server.hub.connections()).toEqual([]);
    expect(events).toEqual(Array(5).fill('clean'));
    expect((await negotiate(server.url, 'alice-session')).status).toBe(503);
    await Promise.all(clients.map((c) => c.stop()));
  });

  it('CORE.hub.close-frame-timeout: ends a WebSocket whose peer never answers the close frame after a second, so the app can close', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    const local = await startHub({ clock });
    const peer = await unansweringPeer(local.url, local.origin);
    let appClosed = false;
    const closing = local.close().then(() => (appClosed = true));

    // The peer is sent the Close message and the close frame (opcode 8) and answers neither.
    await waitFor(
      () => peer.received().includes('"type":7') && peer.received().some((b, i, all) => b === 0x88 && i > all.indexOf('"type":7')),
      5_000,
      'close frame',
    );
    clock.advance(999);
    await new Promise((r) => setTimeout(r, 50));
    expect(appClosed).toBe(false);
    expect(peer.socket.destroyed).toBe(false);

    // One second after the close began, the server ends the socket itself, and the app closes
    // (ws alone would wait 30 s for the answer, and the HTTP server's close with it).
    clock.advance(1);
    await waitFor(() => appClosed, 5_000, 'app closed');
    await peer.ended;
    await closing;
  });

  it('CORE.hub.closes-with-app: is what closing the Fastify app does', async () => {
    const { events, options } = withEvents();
    const local = await startHub(options);
    const client = buildClient(local.url, { session: 'alice-session' });
    await client.start();
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await local.close();
    expect(await closed).toBeUndefined();
    expect(events).toEqual(['clean']);
  });
});
