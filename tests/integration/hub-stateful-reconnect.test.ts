import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HubServerOptions } from '../../src/server/hub';
import {
  buildClient,
  cookieOf,
  HUB_EPOCH,
  negotiate,
  RawHubSocket,
  signalR,
  startHub,
  waitFor,
  type TestHub,
  type TestUser,
} from './hub-helpers';
import { ManualTimers } from '../../src/server/time/manual-timers';

// Stateful reconnect (HubProtocol.md: Ack, Sequence, replay): a WebSocket that dies mid-stream
// is replaced under the same connection and nothing is lost or delivered twice.

const GROUP = 'trades.ox.btcusd';
const alice = { Cookie: cookieOf('alice-session') };

let server: TestHub | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

function hooks() {
  const events: string[] = [];
  const options: Partial<HubServerOptions<TestUser>> = {
    methods: {
      Join: (ctx, group) => ctx.hub.addToGroup(ctx.connectionId, z.string().parse(group)).ok,
      Echo: (_ctx, value) => value,
    },
    onConnected: (ctx) => {
      events.push(`connected:${ctx.connectionId}`);
    },
    onDisconnected: (ctx, error) => {
      events.push(`disconnected:${ctx.connectionId}:${error?.message ?? 'clean'}`);
    },
  };
  return { events, options };
}

describe('stateful reconnect with the official client', () => {
  it('CORE.hub-stateful.resume, API.hub.stateful-reconnect: resumes a cut WebSocket with the same connection and delivers every group message once, in order', async () => {
    const { events, options } = hooks();
    const resumes: { replayed: number; sequenceId: number }[] = [];
    const quiet = () => undefined;
    server = await startHub({
      ...options,
      logger: {
        debug: (obj, msg) => {
          if (msg === 'hub connection resumed') resumes.push(obj as { replayed: number; sequenceId: number });
        },
        info: quiet,
        warn: quiet,
        error: quiet,
      },
    });
    const client = buildClient(server.url, { session: 'alice-session', stateful: true });
    let reconnecting = 0;
    client.onreconnecting(() => reconnecting++);
    const received: number[] = [];
    client.on('ReceiveTrade', (n: number) => received.push(n));
    await client.start();
    const connectionId = client.connectionId!;
    expect(server.hub.connections()).toEqual([
      expect.objectContaining({ connectionId, statefulReconnect: true, protocolVersion: 2, transport: 'WebSockets' }),
    ]);
    await expect(client.invoke('Join', GROUP)).resolves.toBe(true);

    const total = 600;
    let sent = 0;
    const hub = server.hub;
    const pump = setInterval(() => {
      for (let k = 0; k < 5 && sent < total; k++) hub.sendToGroup(GROUP, 'ReceiveTrade', [++sent]);
      if (sent >= total) clearInterval(pump);
    }, 2);

    try {
      await waitFor(() => received.length >= 100, 10_000, 'first messages');
      // Cut the TCP connection under the server's WebSocket while messages keep flowing.
      expect(server.upgradeSockets).toHaveLength(1);
      server.upgradeSockets[0]!.destroy();
      await waitFor(() => sent === total && received.length >= total, 15_000, 'all messages');
      // Anything duplicated would arrive right behind the rest.
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      clearInterval(pump);
    }

    expect(received).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(server.upgradeSockets).toHaveLength(2);
    // The cut really fell mid-stream: the resume had unacknowledged messages to replay.
    expect(resumes).toHaveLength(1);
    expect(resumes[0]!.replayed).toBeGreaterThan(0);
    expect(client.state).toBe(signalR.HubConnectionState.Connected);
    expect(client.connectionId).toBe(connectionId);
    expect(reconnecting).toBe(0);
    expect(server.hub.connections()).toEqual([expect.objectContaining({ connectionId, state: 'connected', resumes: 1 })]);
    expect(server.hub.groupsOf(connectionId)).toEqual([GROUP]);
    expect(events).toEqual([`connected:${connectionId}`]);
    await expect(client.invoke('Echo', 'after the cut')).resolves.toBe('after the cut');

    await client.stop();
    await waitFor(() => events.length === 2, 5_000, 'onDisconnected');
    expect(events[1]).toBe(`disconnected:${connectionId}:clean`);
  });

  it('CORE.hub-stateful.websockets-only: does not use stateful reconnect over long polling or server-sent events', async () => {
    server = await startHub();
    for (const transport of [signalR.HttpTransportType.LongPolling, signalR.HttpTransportType.ServerSentEvents]) {
      const client = buildClient(server.url, { session: 'alice-session', stateful: true, transport });
      await client.start();
      expect(server.hub.connections().find((c) => c.connectionId === client.connectionId)).toMatchObject({
        statefulReconnect: false,
        protocolVersion: 1,
      });
      await client.stop();
    }
  });
});

describe('stateful reconnect at the protocol level', () => {
  async function statefulSocket(url: string): Promise<{ raw: RawHubSocket; token: string; connectionId: string }> {
    const n = await negotiate(url, 'alice-session', 'negotiateVersion=1&useStatefulReconnect=true');
    expect(n.body).toMatchObject({ useStatefulReconnect: true });
    const token = n.body!.connectionToken as string;
    const raw = await RawHubSocket.open(`${url}?id=${token}`, alice);
    expect(await raw.handshake(2)).toEqual({});
    return { raw, token, connectionId: n.body!.connectionId as string };
  }

  it('CORE.hub-stateful.acks, CORE.hub-stateful.numbering, CORE.hub-stateful.resumed-inbound: acks client messages, replays unacked ones after a Sequence and ignores replayed duplicates', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    const { events, options } = hooks();
    server = await startHub({ ...options, clock });
    const { raw, token, connectionId } = await statefulSocket(server.url);
    await waitFor(() => events.length === 1);
    server.hub.addToGroup(connectionId, GROUP);
    for (const n of [1, 2, 3]) server.hub.sendToGroup(GROUP, 'ReceiveTrade', [n]);
    await waitFor(() => raw.messages.length === 3);
    expect(raw.messages.map((m) => m.arguments)).toEqual([[1], [2], [3]]);
    raw.messages.length = 0;

    raw.send({ type: 8, sequenceId: 1 });
    raw.send({ type: 1, invocationId: 'x', target: 'Echo', arguments: ['x'] });
    expect(await raw.next()).toEqual({ type: 3, invocationId: 'x', result: 'x' });
    clock.advance(1_000);
    expect(await raw.next()).toEqual({ type: 8, sequenceId: 1 });

    raw.close();
    await waitFor(() => server!.hub.connections()[0]?.state === 'detached', 5_000, 'detach');
    expect(server.hub.sendToGroup(GROUP, 'ReceiveTrade', [4])).toEqual({ ok: true, value: 1 });

    const resumed = await RawHubSocket.open(`${server.url}?id=${token}`, alice);
    // Sequence first, with the id of the oldest unacknowledged message, then the replay.
    await waitFor(() => resumed.messages.length === 5, 5_000, 'replay');
    expect(resumed.messages).toEqual([
      { type: 9, sequenceId: 2 },
      { type: 1, target: 'ReceiveTrade', arguments: [2] },
      { type: 1, target: 'ReceiveTrade', arguments: [3] },
      { type: 3, invocationId: 'x', result: 'x' },
      { type: 1, target: 'ReceiveTrade', arguments: [4] },
    ]);
    resumed.messages.length = 0;

    // The client resends from its oldest unacked message; 'x' was already processed.
    resumed.send({ type: 9, sequenceId: 1 });
    resumed.send({ type: 1, invocationId: 'x', target: 'Echo', arguments: ['x'] });
    resumed.send({ type: 1, invocationId: 'y', target: 'Echo', arguments: ['y'] });
    expect(await resumed.next()).toEqual({ type: 3, invocationId: 'y', result: 'y' });
    clock.advance(1_000);
    expect(await resumed.next()).toEqual({ type: 8, sequenceId: 2 });
    expect(resumed.messages).toEqual([]);
    expect(events).toEqual([`connected:${connectionId}`]);
    resumed.close();
  });

  it('CORE.hub-stateful.resumed-inbound: ignores client messages on a resumed socket until its Sequence arrives, and half-sent ones from before', async () => {
    server = await startHub({ methods: { Echo: (_ctx, v) => v } });
    const { raw, token } = await statefulSocket(server.url);
    raw.sendRaw('{"type":1,"invocationId":"cut","target":"Ec');
    await new Promise((r) => setTimeout(r, 20));
    raw.close();
    await waitFor(() => server!.hub.connections()[0]?.state === 'detached');
    const resumed = await RawHubSocket.open(`${server.url}?id=${token}`, alice);
    expect(await resumed.next()).toEqual({ type: 9, sequenceId: 1 });
    resumed.send({ type: 1, invocationId: 'early', target: 'Echo', arguments: [1] });
    resumed.send({ type: 9, sequenceId: 1 });
    resumed.send({ type: 1, invocationId: 'late', target: 'Echo', arguments: [2] });
    expect(await resumed.next()).toEqual({ type: 3, invocationId: 'late', result: 2 });
    expect(resumed.messages).toEqual([]);
    resumed.close();
  });

  it('CORE.hub-stateful.sequence-beyond-sent: closes a client whose Sequence claims more than it sent', async () => {
    server = await startHub();
    const { raw, token } = await statefulSocket(server.url);
    raw.close();
    await waitFor(() => server!.hub.connections()[0]?.state === 'detached');
    const resumed = await RawHubSocket.open(`${server.url}?id=${token}`, alice);
    await resumed.next((m) => m.type === 9);
    resumed.send({ type: 9, sequenceId: 5 });
    expect(await resumed.next((m) => m.type === 7)).toMatchObject({ error: expect.stringContaining('Sequence ID greater') });
    await resumed.waitClosed();
  });

  it('CORE.hub-stateful.refused-frame-no-resume: does not keep a connection for resuming when its socket died of a frame the server refused', async () => {
    const { events, options } = hooks();
    server = await startHub(options);
    const { raw, connectionId } = await statefulSocket(server.url);
    raw.sendRaw('x'.repeat(1024 * 1024 + 1));
    await raw.waitClosed();
    await waitFor(() => events.length === 2, 5_000, 'onDisconnected');
    expect(events[1]).toMatch(new RegExp(`^disconnected:${connectionId}:Max payload size exceeded`));
    expect(server.hub.connections()).toEqual([]);
  });

  it('CORE.hub-stateful.window: gives up on a connection that is not resumed within the reconnect window', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    const { events, options } = hooks();
    server = await startHub({ ...options, clock, statefulReconnectWindowMs: 10_000 });
    const { raw, token, connectionId } = await statefulSocket(server.url);
    raw.close();
    await waitFor(() => server!.hub.connections()[0]?.state === 'detached');
    clock.advance(9_000);
    expect(server.hub.connections()).toHaveLength(1);
    clock.advance(1_000);
    expect(server.hub.connections()).toHaveLength(0);
    await waitFor(() => events.length === 2);
    expect(events[1]).toBe(`disconnected:${connectionId}:The transport was not re-established in time.`);
    await expect(RawHubSocket.open(`${server.url}?id=${token}`, alice)).rejects.toMatchObject({ status: 404 });
  });

  it('CORE.hub-stateful.buffer-bound: closes a connection whose unacknowledged messages outgrow the replay buffer', async () => {
    server = await startHub({ statefulReconnectBufferSize: 4_096 });
    const { raw, connectionId } = await statefulSocket(server.url);
    server.hub.addToGroup(connectionId, GROUP);
    const payload = 'x'.repeat(1_000);
    let delivered = 0;
    for (let i = 0; i < 10; i++) delivered += (server.hub.sendToGroup(GROUP, 'ReceiveTrade', [payload]) as { value: number }).value;
    // Each message is about 1 050 bytes: three fit in 4 KiB, the fourth does not.
    expect(delivered).toBe(3);
    expect(await raw.next((m) => m.type === 7)).toEqual({
      type: 7,
      error: 'The client fell too far behind acknowledging messages.',
      allowReconnect: true,
    });
    await raw.waitClosed();
    expect(server.hub.connections()).toHaveLength(0);
  });
});
