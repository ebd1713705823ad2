import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../src/server/lib/crypto';
import { repositories } from '../../src/server/repositories';
import { SESSION_ENDED_ERROR } from '../../src/server/realtime/realtime-extension';
import { hubMethods } from '../../src/shared/hub/names';
import { isAuthError } from '../../src/worker/connection/auth-error';
import { ManualClock } from './hub-helpers';
import {
  allTransports,
  createTrader,
  login,
  signalR,
  sleep,
  startRealtimeApp,
  waitFor,
  type LoggedIn,
  type RealtimeApp,
} from './realtime-support';

// A live connection lives no longer than the session that opened it: logout, a password reset
// and a refresh token reused after its grace window close the session's (or the user's) hub
// connections at once, over every transport, with a Close message the official client obeys
// (no reconnect). A connection also ends when its access token expires, and the client's
// reconnect, with a renewed token, is what carries on.

const PASSWORD = 'Trader@Password2025';

/** The official client as the web app configures it, plus automatic reconnect: a Close that forbids reconnecting must stop it. */
function connect(t: RealtimeApp, user: LoggedIn, transport: signalR.HttpTransportType) {
  const client = new signalR.HubConnectionBuilder()
    .withUrl(t.hubUrl, { transport, headers: { Cookie: user.cookie, 'X-Auth-Method': 'cookie' } })
    .withAutomaticReconnect([0, 50, 100])
    .configureLogging(signalR.LogLevel.None)
    .build();
  const seen = { closedAt: null as number | null, error: undefined as Error | undefined, reconnecting: 0 };
  client.onclose((error) => {
    seen.closedAt = Date.now();
    seen.error = error;
  });
  client.onreconnecting(() => {
    seen.reconnecting += 1;
  });
  return { client, seen };
}

async function started(t: RealtimeApp, user: LoggedIn, transport: signalR.HttpTransportType) {
  const c = connect(t, user, transport);
  await c.client.start();
  expect(await c.client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
  return c;
}

function post(t: RealtimeApp, path: string, cookie: string, body?: unknown) {
  return fetch(`${t.origin}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'X-Auth-Method': 'cookie', Origin: t.origin, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The session's Close message reached the client within 1 s of `since`, and it did not try to reconnect. */
async function expectEndedWithin1s(seen: { closedAt: number | null; error: Error | undefined; reconnecting: number }, since: number) {
  await waitFor(() => seen.closedAt !== null, 2_000, 'the hub connection to close');
  expect(seen.closedAt! - since).toBeLessThan(1_000);
  expect(seen.error?.message).toContain(SESSION_ENDED_ERROR);
  // The web worker takes it for an authentication error: one refresh (which fails), then sign-out.
  expect(isAuthError(seen.error)).toBe(true);
  await sleep(200);
  expect(seen.reconnecting).toBe(0);
}

describe('ending a session closes its hub connections at once', () => {
  let t: RealtimeApp;

  beforeAll(async () => {
    // A rotated refresh token presented 50 ms later counts as reused.
    t = await startRealtimeApp({ simRate: 0, sessionTimings: { reuseGraceMs: 50 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  for (const [name, transport] of allTransports) {
    it(`logout closes the session's ${name} connection within 1 s; another session of the same user stays`, async () => {
      const user = await createTrader(t, 'Leaver', {});
      const other = await login(t.origin, user.email, PASSWORD);
      const ending = await started(t, user, transport);
      const staying = await started(t, other, transport);
      try {
        const since = Date.now();
        const res = await post(t, '/v1/auth/logout', `${user.cookie}; ${user.refreshCookie}`);
        expect(res.status).toBe(200);
        await expectEndedWithin1s(ending.seen, since);
        expect(ending.client.state).toBe(signalR.HubConnectionState.Disconnected);
        expect(await staying.client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
        // The ended session cannot come back either.
        await expect(connect(t, user, transport).client.start()).rejects.toThrow(/401/);
      } finally {
        await ending.client.stop();
        await staying.client.stop();
      }
    });
  }

  it("a password reset closes every connection of the user within 1 s, over every transport; other users' stay", async () => {
    const user = await createTrader(t, 'Resetter', {});
    const phone = await login(t.origin, user.email, PASSWORD);
    const bystander = await createTrader(t, 'Bystander', {});
    const mine = [
      await started(t, user, signalR.HttpTransportType.WebSockets),
      await started(t, phone, signalR.HttpTransportType.ServerSentEvents),
      await started(t, phone, signalR.HttpTransportType.LongPolling),
    ];
    const theirs = await started(t, bystander, signalR.HttpTransportType.WebSockets);
    try {
      const token = randomToken();
      const now = Date.now();
      await repositories(t.app.ctx.database.db).resetTokens.insert({
        token_hash: sha256(token),
        user_id: user.id,
        created_at: now,
        expires_at: now + 60_000,
        used_at: null,
      });
      const since = Date.now();
      const res = await post(t, '/v1/auth/password/reset-password', '', {
        user_id: user.id,
        token,
        new_password: 'Unlikely$Reset2025pw',
        confirm_password: 'Unlikely$Reset2025pw',
      });
      expect(res.status).toBe(200);
      for (const { seen } of mine) await expectEndedWithin1s(seen, since);
      expect(await theirs.client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
      expect(t.app.realtime.hub.countsOf(user.id)).toEqual({ pending: 0, live: 0 });
    } finally {
      for (const { client } of mine) await client.stop();
      await theirs.client.stop();
    }
  });

  it('a refresh token reused after its grace window revokes the family and closes its connection within 1 s', async () => {
    const user = await createTrader(t, 'Victim', {});
    const live = await started(t, user, signalR.HttpTransportType.WebSockets);
    try {
      const rotated = await post(t, '/v1/auth/refresh-token', user.refreshCookie!);
      expect(rotated.status).toBe(200);
      // The hub still serves the session: rotating is not ending it.
      expect(await live.client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
      await sleep(100);
      const since = Date.now();
      const replayed = await post(t, '/v1/auth/refresh-token', user.refreshCookie!);
      expect(replayed.status).toBe(401);
      expect(((await replayed.json()) as { code: string }).code).toBe('refresh_token_reused');
      await expectEndedWithin1s(live.seen, since);
    } finally {
      await live.client.stop();
    }
  });
});

describe('a live connection is re-checked when its access token expires', () => {
  let t: RealtimeApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startRealtimeApp({
      simRate: 0,
      clock,
      // Only the token's expiry may end these connections while the test moves time by minutes.
      hub: { clock, clientTimeoutMs: 24 * 3_600_000, keepAliveIntervalMs: 24 * 3_600_000, longPollTimeoutMs: 24 * 3_600_000 },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a client configured as the web worker is (stateful reconnect, its own reconnect loop) sees the expiry in onclose, as an authentication error', async () => {
    const user = await createTrader(t, 'Worker', {});
    const client = new signalR.HubConnectionBuilder()
      .withUrl(t.hubUrl, { transport: signalR.HttpTransportType.WebSockets, headers: { Cookie: user.cookie, 'X-Auth-Method': 'cookie' } })
      .withStatefulReconnect()
      .configureLogging(signalR.LogLevel.None)
      .build();
    let closedWith: Error | undefined;
    let reconnecting = 0;
    client.onclose((error) => (closedWith = error));
    client.onreconnecting(() => (reconnecting += 1));
    await client.start();
    clock.advance(15 * 60_000);
    await waitFor(() => closedWith !== undefined, 2_000, 'onclose');
    expect(closedWith!.message).toBe('Server returned an error on close: Unauthorized: the access token expired.');
    expect(isAuthError(closedWith)).toBe(true);
    expect(reconnecting).toBe(0);
  });

  for (const [name, transport] of allTransports) {
    it(`${name}: closed with a reconnectable Close when the token expires; the reconnect with a renewed token carries on`, async () => {
      const user = await createTrader(t, 'Expiring', {});
      let cookie = user.cookie;
      let refreshCookie = user.refreshCookie!;
      const client = new signalR.HubConnectionBuilder()
        // A Bearer token from the factory, as a client that renews its own tokens sends it.
        .withUrl(t.hubUrl, { transport, accessTokenFactory: () => cookie.slice('ox_access='.length) })
        .withAutomaticReconnect([0, 50, 100, 200, 500])
        .configureLogging(signalR.LogLevel.None)
        .build();
      const reconnecting: (Error | undefined)[] = [];
      let reconnected = 0;
      client.onreconnecting((error) => reconnecting.push(error));
      client.onreconnected(() => (reconnected += 1));
      await client.start();
      try {
        const first = client.connectionId;
        clock.advance(14 * 60_000);
        await sleep(100);
        expect(client.state).toBe(signalR.HubConnectionState.Connected);
        expect(reconnecting).toEqual([]);

        // The client renews its token (as the web app does on a 401), then time passes the old one's expiry.
        const refreshed = await post(t, '/v1/auth/refresh-token', refreshCookie);
        expect(refreshed.status).toBe(200);
        const pairs = refreshed.headers.getSetCookie().map((c) => c.split(';')[0]!);
        cookie = pairs.find((c) => c.startsWith('ox_access='))!;
        refreshCookie = pairs.find((c) => c.startsWith('ox_refresh='))!;
        clock.advance(60_000 + 1_000);

        await waitFor(() => reconnecting.length > 0, 2_000, 'the expired connection to close');
        expect(reconnecting[0]?.message).toContain('access token expired');
        await waitFor(() => reconnected > 0, 5_000, 'the reconnect with the renewed token');
        expect(client.state).toBe(signalR.HubConnectionState.Connected);
        expect(client.connectionId).not.toBe(first);
        expect(await client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
      } finally {
        await client.stop();
      }
    });
  }
});
