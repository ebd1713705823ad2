import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HubException, type HubServerOptions } from '../../src/server/hub';
import { buildClient, signalR, startClient, startHub, waitFor, type TestHub, type TestUser } from './hub-helpers';

// The official client over each transport: handshake, invocations with results and errors,
// non-blocking calls, streams, and server pushes to groups, users and connections.

const recorded: unknown[] = [];
const lifecycle: string[] = [];

const hubOptions: Partial<HubServerOptions<TestUser>> = {
  longPollTimeoutMs: 1_500,
  methods: {
    Add: (_ctx, a, b) => z.number().parse(a) + z.number().parse(b),
    Join: (ctx, group) => {
      ctx.hub.addToGroup(ctx.connectionId, z.string().parse(group));
      return ctx.hub.groupsOf(ctx.connectionId);
    },
    Leave: (ctx, group) => ctx.hub.removeFromGroup(ctx.connectionId, z.string().parse(group)).ok,
    Whoami: (ctx) => ({ connectionId: ctx.connectionId, userId: ctx.user.id, name: ctx.user.name }),
    Fail: (_ctx, feed) => {
      throw new HubException(`Unknown feed '${String(feed)}'.`, 'UNKNOWN_FEED');
    },
    Crash: () => {
      throw new Error('connection string postgres://admin:hunter2@db');
    },
    Record: (_ctx, value) => {
      recorded.push(value);
    },
    Slow: async (_ctx, ms) => {
      await new Promise((r) => setTimeout(r, z.number().max(1000).parse(ms)));
      return 'done';
    },
    Nothing: () => undefined,
  },
  streams: {
    Counter: async function* (_ctx, count) {
      const n = z.number().int().max(100).parse(count);
      for (let i = 0; i < n; i++) yield i;
    },
  },
  onConnected: (ctx) => {
    lifecycle.push(`connected:${ctx.user.id}`);
  },
  onDisconnected: (ctx, error) => {
    lifecycle.push(`disconnected:${ctx.user.id}:${error ? 'error' : 'clean'}`);
  },
};

let server: TestHub;

beforeAll(async () => {
  server = await startHub(hubOptions);
});

afterAll(async () => {
  await server.close();
});

const transports = [
  ['WebSockets', signalR.HttpTransportType.WebSockets],
  ['ServerSentEvents', signalR.HttpTransportType.ServerSentEvents],
  ['LongPolling', signalR.HttpTransportType.LongPolling],
] as const;

describe.each(transports)('over %s', (name, transport) => {
  it('CORE.hub.transport-reported: connects, completes the handshake and reports the transport', async () => {
    const client = await startClient(server.url, { transport });
    try {
      expect(client.state).toBe(signalR.HubConnectionState.Connected);
      expect(client.connectionId).toEqual(expect.any(String));
      const info = server.hub.connections().find((c) => c.connectionId === client.connectionId);
      expect(info).toMatchObject({ userId: 'alice', transport: name, state: 'connected', protocolVersion: 1 });
      await expect(client.invoke('Whoami')).resolves.toEqual({
        connectionId: client.connectionId,
        userId: 'alice',
        name: 'Alice',
      });
    } finally {
      await client.stop();
    }
  });

  it('CORE.hub.invocation-results: invokes methods with results, void results and client-safe errors', async () => {
    const client = await startClient(server.url, { transport });
    try {
      await expect(client.invoke('Add', 40, 2)).resolves.toBe(42);
      // A void method's Completion carries no result at all.
      await expect(client.invoke('Nothing')).resolves.toBeUndefined();
      await expect(client.invoke('Nope', 1)).rejects.toThrow("Unknown hub method 'Nope'");
      await expect(client.invoke('Fail', 'x.y')).rejects.toThrow("Unknown feed 'x.y'.");
      const crash = client.invoke('Crash');
      await expect(crash).rejects.toThrow("An unexpected error occurred invoking 'Crash' on the server.");
      await expect(crash).rejects.not.toThrow(/hunter2/);
      // Argument validation is the method's: a zod failure is just another server error.
      await expect(client.invoke('Add', 'forty', 2)).rejects.toThrow(/unexpected error occurred invoking 'Add'/);
      await expect(client.invoke('Add', 1, 2)).resolves.toBe(3);
    } finally {
      await client.stop();
    }
  });

  it('CORE.hub.non-blocking-invocations: runs non-blocking invocations without answering them', async () => {
    const client = await startClient(server.url, { transport });
    try {
      const marker = `${name}-${Date.now()}`;
      await client.send('Record', marker);
      await client.send('Nope', marker);
      await waitFor(() => recorded.includes(marker));
      // Calls from one connection run in order, so this result proves nothing answered the sends.
      await expect(client.invoke('Add', 1, 1)).resolves.toBe(2);
    } finally {
      await client.stop();
    }
  });

  it('CORE.hub.streams: streams results and completes the stream', async () => {
    const client = await startClient(server.url, { transport });
    try {
      const items: number[] = [];
      await new Promise<void>((resolve, reject) => {
        client.stream<number>('Counter', 5).subscribe({ next: (i) => items.push(i), complete: resolve, error: reject });
      });
      expect(items).toEqual([0, 1, 2, 3, 4]);
      await expect(
        new Promise((resolve, reject) =>
          client.stream('Add', 1, 2).subscribe({ next: resolve, complete: () => resolve(null), error: reject }),
        ),
      ).rejects.toThrow("The client attempted to invoke the non-streaming 'Add' method with a streaming invocation.");
    } finally {
      await client.stop();
    }
  });

  it('CORE.hub.push-targets: pushes to groups, users and single connections', async () => {
    const alice = await startClient(server.url, { transport, session: 'alice-session' });
    const bob = await startClient(server.url, { transport, session: 'bob-session' });
    const got = { alice: [] as unknown[][], bob: [] as unknown[][] };
    alice.on('ReceiveTicker', (...args: unknown[]) => got.alice.push(args));
    bob.on('ReceiveTicker', (...args: unknown[]) => got.bob.push(args));
    try {
      const group = `ticker.ox.btcusd.${name}`;
      await expect(alice.invoke('Join', group)).resolves.toEqual([group]);
      await bob.invoke('Join', group);

      expect(server.hub.sendToGroup(group, 'ReceiveTicker', [{ last: '100.5' }, 1])).toEqual({ ok: true, value: 2 });
      await waitFor(() => got.alice.length === 1 && got.bob.length === 1, 5_000, 'group push');
      expect(got.alice[0]).toEqual([{ last: '100.5' }, 1]);

      await alice.invoke('Leave', group);
      server.hub.sendToGroup(group, 'ReceiveTicker', ['after-leave']);
      await waitFor(() => got.bob.length === 2, 5_000, 'second group push');

      expect(server.hub.sendToUser('alice', 'ReceiveTicker', ['for-alice'])).toMatchObject({ ok: true });
      expect(server.hub.sendToConnection(bob.connectionId!, 'ReceiveTicker', ['for-bob'])).toEqual({ ok: true, value: 1 });
      await waitFor(() => got.alice.length === 2 && got.bob.length === 3, 5_000, 'user and connection push');
      expect(got.alice.map((a) => a[0])).toEqual([{ last: '100.5' }, 'for-alice']);
      expect(got.bob.map((a) => a[0])).toEqual([{ last: '100.5' }, 'after-leave', 'for-bob']);
    } finally {
      await alice.stop();
      await bob.stop();
    }
  });
});

describe('lifecycle hooks', () => {
  it('CORE.hub.lifecycle-hooks-once: runs onConnected and onDisconnected once per connection', async () => {
    const before = lifecycle.length;
    const client = await startClient(server.url, { session: 'bob-session' });
    await waitFor(() => lifecycle.length === before + 1);
    expect(lifecycle.at(-1)).toBe('connected:bob');
    await client.stop();
    await waitFor(() => lifecycle.length === before + 2, 5_000, 'onDisconnected');
    expect(lifecycle.at(-1)).toBe('disconnected:bob:clean');
    expect(server.hub.connections().some((c) => c.connectionId === client.connectionId)).toBe(false);
  });

  it('CORE.hub.push-targets: reaches every connection of a user and forgets closed ones', async () => {
    const phone = await startClient(server.url, { session: 'alice-second-session', transport: signalR.HttpTransportType.LongPolling });
    const desktop = await startClient(server.url, { session: 'alice-session' });
    const got: string[] = [];
    phone.on('ReceiveEndUserBalance', (b: string) => got.push(`phone:${b}`));
    desktop.on('ReceiveEndUserBalance', (b: string) => got.push(`desktop:${b}`));
    try {
      expect(server.hub.sendToUser('alice', 'ReceiveEndUserBalance', ['1.5'])).toEqual({ ok: true, value: 2 });
      await waitFor(() => got.length === 2);
      expect(got.sort()).toEqual(['desktop:1.5', 'phone:1.5']);
      await phone.stop();
      await waitFor(() => server.hub.connections().every((c) => c.connectionId !== phone.connectionId));
      expect(server.hub.sendToUser('alice', 'ReceiveEndUserBalance', ['2'])).toEqual({ ok: true, value: 1 });
    } finally {
      await phone.stop();
      await desktop.stop();
    }
  });

  it('CORE.hub.invocations-in-order: keeps invocations of one connection in order even when one is slow', async () => {
    const client = await startClient(server.url);
    try {
      const order: string[] = [];
      await Promise.all([
        client.invoke('Slow', 100).then(() => order.push('slow')),
        client.invoke('Add', 1, 2).then(() => order.push('fast')),
      ]);
      expect(order).toEqual(['slow', 'fast']);
    } finally {
      await client.stop();
    }
  });

  it('CORE.hub.group-api-errors: answers the group API with error values for unknown connections and reaches everyone with sendToAll', async () => {
    expect(server.hub.addToGroup('nope', 'g')).toMatchObject({ ok: false, code: 'UNKNOWN_CONNECTION' });
    expect(server.hub.sendToConnection('nope', 'X')).toMatchObject({ ok: false, code: 'UNKNOWN_CONNECTION' });
    expect(server.hub.sendToGroup('g', 'X', [10n])).toEqual({ ok: true, value: 0 }); // nobody listening: nothing encoded
    expect(server.hub.sendToAll('X', [10n])).toMatchObject({ ok: false, code: 'SERIALIZATION_FAILED' });
    expect(server.hub.groupsOf('nope')).toEqual([]);
    const a = await startClient(server.url, { transport: signalR.HttpTransportType.ServerSentEvents });
    const b = await startClient(server.url, { session: 'bob-session' });
    const got: string[] = [];
    a.on('ReceiveUserOnboarding', (v: string) => got.push(`a:${v}`));
    b.on('ReceiveUserOnboarding', (v: string) => got.push(`b:${v}`));
    try {
      expect(server.hub.sendToAll('ReceiveUserOnboarding', ['hi'])).toMatchObject({ ok: true });
      await waitFor(() => got.length === 2);
      expect(got.sort()).toEqual(['a:hi', 'b:hi']);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('CORE.hub.close-connection: closes a single connection on request, with the reason', async () => {
    const client = await startClient(server.url);
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    expect(server.hub.closeConnection(client.connectionId!, { error: 'Session expired.' })).toEqual({ ok: true, value: undefined });
    expect((await closed)?.message).toBe('Server returned an error on close: Session expired.');
    expect(server.hub.closeConnection(client.connectionId!)).toMatchObject({ ok: false, code: 'UNKNOWN_CONNECTION' });
  });

  it('CORE.hub.unsigned-refused: refuses a client that is not signed in', async () => {
    const client = buildClient(server.url, {});
    await expect(client.start()).rejects.toThrow(/401/);
  });
});
