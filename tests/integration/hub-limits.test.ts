import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_EXPIRED_ERROR } from '../../src/server/hub';
import {
  authenticateByCookie,
  buildClient,
  cookieOf,
  HUB_EPOCH,
  negotiate,
  rawConnect,
  RawHubSocket,
  startHub,
  waitFor,
  type TestHub,
} from './hub-helpers';
import * as signalR from '@microsoft/signalr';
import { ManualTimers } from '../../src/server/time/manual-timers';

// The hub's own defences, independent of the exchange: per-user caps on negotiated and open
// connections and on the negotiation rate, connections ended when their user's proof of identity
// expires or when the application ends them, and refusals the application can word itself.

let server: TestHub | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

describe('per-user caps', () => {
  it('API.security.hub-per-user-caps: a user beyond maxConnectionsPerUser is refused with 429 at negotiate; other users are not affected', async () => {
    server = await startHub({ maxConnectionsPerUser: 3 });
    const alice = [];
    for (let i = 0; i < 3; i++) {
      const client = buildClient(server.url, { session: 'alice-session' });
      await client.start();
      alice.push(client);
    }
    await expect(buildClient(server.url, { session: 'alice-second-session' }).start()).rejects.toThrow(/429/);
    const refused = await negotiate(server.url, 'alice-session');
    expect(refused.status).toBe(429);
    expect(String(refused.body?.error)).toMatch(/Too many open connections for this user \(at most 3\)/);

    const bob = buildClient(server.url, { session: 'bob-session' });
    await bob.start();
    expect(server.hub.countsOf('alice')).toEqual({ pending: 0, live: 3 });

    // Closing one frees its place.
    await alice.pop()!.stop();
    const again = buildClient(server.url, { session: 'alice-session' });
    await again.start();
    for (const c of [...alice, again, bob]) await c.stop();
  });

  it('API.security.hub-per-user-caps: the cap also holds when several negotiated connections start their transports', async () => {
    server = await startHub({ maxConnectionsPerUser: 1 });
    const first = await negotiate(server.url, 'alice-session');
    const second = await negotiate(server.url, 'alice-session');
    expect([first.status, second.status]).toEqual([200, 200]);
    const open = await RawHubSocket.open(`${server.url}?id=${first.body!.connectionToken as string}`, {
      Cookie: cookieOf('alice-session'),
    });
    await expect(
      RawHubSocket.open(`${server.url}?id=${second.body!.connectionToken as string}`, { Cookie: cookieOf('alice-session') }),
    ).rejects.toMatchObject({ status: 429 });
    const poll = await fetch(`${server.url}?id=${second.body!.connectionToken as string}`, {
      headers: { Cookie: cookieOf('alice-session') },
    });
    expect(poll.status).toBe(429);
    expect(await poll.text()).toMatch(/Too many open connections/);
    open.close();
  });

  it('API.security.hub-per-user-caps: a user beyond maxPendingNegotiationsPerUser is refused with 429 until one is used or expires', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    server = await startHub({ clock, maxPendingNegotiationsPerUser: 2, negotiateTimeoutMs: 30_000 });
    const a = await negotiate(server.url, 'alice-session');
    await negotiate(server.url, 'alice-session');
    const third = await negotiate(server.url, 'alice-session');
    expect(third.status).toBe(429);
    expect(String(third.body?.error)).toMatch(/at most 2/);
    expect((await negotiate(server.url, 'bob-session')).status).toBe(200);

    // Starting one makes it live: a pending place is free again.
    const raw = await RawHubSocket.open(`${server.url}?id=${a.body!.connectionToken as string}`, { Cookie: cookieOf('alice-session') });
    expect((await negotiate(server.url, 'alice-session')).status).toBe(200);
    expect((await negotiate(server.url, 'alice-session')).status).toBe(429);
    // Unused negotiations are forgotten after negotiateTimeoutMs.
    raw.close();
    clock.advance(30_000);
    expect(server.hub.countsOf('alice').pending).toBe(0);
    expect((await negotiate(server.url, 'alice-session')).status).toBe(200);
  });

  it('API.security.hub-per-user-caps: negotiationsPerUser limits how fast one user opens connections, with Retry-After', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    server = await startHub({ clock, negotiationsPerUser: { max: 2, windowMs: 60_000 } });
    expect((await negotiate(server.url, 'alice-session')).status).toBe(200);
    clock.advance(20_000);
    expect((await negotiate(server.url, 'alice-session')).status).toBe(200);
    const res = await fetch(`${server.url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Cookie: cookieOf('alice-session') },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('40');
    expect((await negotiate(server.url, 'bob-session')).status).toBe(200);
    clock.advance(40_000);
    expect((await negotiate(server.url, 'alice-session')).status).toBe(200);
  });
});

/** A hub whose users' proof of identity expires when `expiresAt()` says, read at each request. */
function startExpiringHub(clock: ManualTimers, expiresAt: () => number): Promise<TestHub> {
  return startHub({
    clock,
    authenticate: async (req) => {
      const user = await authenticateByCookie(req);
      return user && { ...user, expiresAt: expiresAt() };
    },
  });
}

describe('connections end with their proof of identity', () => {
  it('a connection whose user expires gets a Close that allows reconnecting, over WebSockets and long polling', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    const expiresAt = clock.now() + 10_000;
    server = await startExpiringHub(clock, () => expiresAt);
    const { raw } = await rawConnect(server.url);
    const client = buildClient(server.url, { session: 'alice-session', transport: signalR.HttpTransportType.LongPolling });
    let closedWith: Error | undefined;
    client.onclose((error) => (closedWith = error));
    await client.start();

    clock.advance(9_000);
    expect(raw.closeCode).toBeNull();
    clock.advance(1_000);
    expect(await raw.next((m) => m.type === 7)).toEqual({ type: 7, error: TOKEN_EXPIRED_ERROR, allowReconnect: true });
    await raw.waitClosed();
    await waitFor(() => closedWith !== undefined, 5_000, 'the long-polling client to close');
    expect(closedWith!.message).toContain(TOKEN_EXPIRED_ERROR);
    expect(server.hub.connections()).toEqual([]);
  });

  it('a renewed proof on a later request moves the expiry on', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    let expiresAt = clock.now() + 10_000;
    server = await startExpiringHub(clock, () => expiresAt);
    const client = buildClient(server.url, { session: 'alice-session', transport: signalR.HttpTransportType.ServerSentEvents });
    await client.start();
    try {
      expiresAt = clock.now() + 60_000;
      // Every send re-authenticates (and every poll, over long polling); the connection takes the newest answer.
      await client.send('nothing-here');
      clock.advance(20_000);
      expect(client.state).toBe(signalR.HubConnectionState.Connected);
      expect(server.hub.connections()).toHaveLength(1);
    } finally {
      await client.stop();
    }
  });

  it('API.security.hub-recheck-at-token-expiry: renewUser vouching for the user keeps the connection; refusing or failing closes it within one heartbeat', async () => {
    const clock = new ManualTimers(HUB_EPOCH);
    const expiresAt = clock.now() + 10_000;
    const answers: Array<'renew' | 'refuse' | 'fail'> = ['renew', 'refuse'];
    const asked: number[] = [];
    server = await startHub({
      clock,
      authenticate: async (req) => {
        const user = await authenticateByCookie(req);
        return user && { ...user, expiresAt };
      },
      renewUser: async (user) => {
        asked.push(clock.now());
        const answer = answers.shift() ?? 'fail';
        if (answer === 'fail') throw new Error('database gone');
        return answer === 'renew' ? { ...user, expiresAt: clock.now() + 10_000 } : null;
      },
    });
    const { raw } = await rawConnect(server.url);
    clock.advance(10_000);
    await waitFor(
      () => ((server!.hub.connections()[0]?.user as { expiresAt?: number } | undefined)?.expiresAt ?? 0) > clock.now(),
      2_000,
      'the renewal',
    );
    expect(asked).toEqual([expiresAt]);
    expect(raw.closeCode).toBeNull();
    // The renewed expiry is honoured: nothing is asked before it.
    clock.advance(9_000);
    expect(asked).toHaveLength(1);
    clock.advance(1_000);
    expect(await raw.next((m) => m.type === 7)).toEqual({ type: 7, error: TOKEN_EXPIRED_ERROR, allowReconnect: true });
    await raw.waitClosed();
    expect(asked).toHaveLength(2);

    // A renewal that throws fails closed.
    const second = await rawConnect(server.url);
    clock.advance(1_000);
    expect(await second.raw.next((m) => m.type === 7)).toEqual({ type: 7, error: TOKEN_EXPIRED_ERROR, allowReconnect: true });
    expect(server.hub.connections()).toEqual([]);
  });

  it('API.security.hub-closed-on-session-end: closeConnections ends the matching live and negotiated connections and no others', async () => {
    server = await startHub();
    const { raw } = await rawConnect(server.url, 'alice-session');
    const pending = await negotiate(server.url, 'alice-session');
    const bob = await rawConnect(server.url, 'bob-session');

    expect(server.hub.closeConnections((user) => user.id === 'alice', { error: 'Unauthorized: the session has ended.' })).toBe(2);
    const close = await raw.next((m) => m.type === 7);
    expect(close).toMatchObject({ error: 'Unauthorized: the session has ended.' });
    expect(close.allowReconnect ?? false).toBe(false);
    await raw.waitClosed();
    // The negotiated one can no longer be used.
    await expect(
      RawHubSocket.open(`${server.url}?id=${pending.body!.connectionToken as string}`, { Cookie: cookieOf('alice-session') }),
    ).rejects.toMatchObject({ status: 404 });
    expect(bob.raw.closeCode).toBeNull();
    expect(server.hub.connections().map((c) => c.userId)).toEqual(['bob']);
    bob.raw.close();
  });
});

describe('authorize and renderRejection', () => {
  it('CORE.hub.authorize-every-request: authorize sees every kind of request and its refusal is answered in the rendered form', async () => {
    const kinds: string[] = [];
    server = await startHub({
      authorize: (_user, req, kind) => {
        kinds.push(kind);
        return kind === 'send' && req.headers['x-test-allow'] !== 'yes'
          ? { status: 403, message: 'Say please.', code: 'POLITENESS' }
          : null;
      },
      renderRejection: (why, kind) => ({
        contentType: 'application/json',
        body: JSON.stringify({ code: why.code ?? null, why: why.message, kind }),
      }),
    });
    const n = await negotiate(server.url, 'alice-session');
    const url = `${server.url}?id=${n.body!.connectionToken as string}`;
    const headers = { Cookie: cookieOf('alice-session') };
    expect((await fetch(url, { headers })).status).toBe(200);
    const send = await fetch(url, { method: 'POST', headers, body: '{}\u001e' });
    expect(send.status).toBe(403);
    expect(await send.json()).toEqual({ code: 'POLITENESS', why: 'Say please.', kind: 'send' });
    const allowed = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'X-Test-Allow': 'yes' },
      body: '{"protocol":"json","version":1}\u001e',
    });
    expect(allowed.status).toBe(200);
    expect((await fetch(url, { method: 'DELETE', headers })).status).toBe(202);
    expect(kinds).toEqual(['negotiate', 'poll', 'send', 'send', 'close']);

    const anonymous = await fetch(`${server.url}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ code: 'UNAUTHORIZED', why: 'Unauthorized', kind: 'negotiate' });
  });
});
