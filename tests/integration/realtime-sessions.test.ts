import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../src/server/lib/crypto';
import { repositories } from '../../src/server/repositories';
import { SESSION_ENDED_ERROR } from '../../src/server/realtime/realtime-extension';
import { hubMethods } from '../../src/shared/hub/names';
import { isAuthError } from '../../src/worker/connection/auth-error';
import { HUB_EPOCH } from './hub-helpers';
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
import { ManualTimers } from '../../src/server/time/manual-timers';
import { describeEachStore } from '../support/postgres';

// A live connection lives no longer than the session that opened it: logout, a password reset
// and a refresh token reused after its grace window close the session's (or the user's) hub
// connections at once, over every transport, with a Close message the official client obeys
// (no reconnect). When a connection's access token expires the session is checked again: a
// valid one keeps its connection, an ended one loses it.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
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
      headers: {
        Cookie: cookie,
        'X-Auth-Method': 'cookie',
        Origin: t.origin,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
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
      t = await startRealtimeApp({ store, simRate: 0, sessionTimings: { reuseGraceMs: 50 } });
    });

    afterAll(async () => {
      await t?.close();
    });

    for (const [name, transport] of allTransports) {
      it(`API.security.hub-closed-on-session-end: logout closes the session's ${name} connection within 1 s; another session of the same user stays`, async () => {
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

    it("API.security.hub-closed-on-session-end: a password reset closes every connection of the user within 1 s, over every transport; other users' stay", async () => {
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

    it('API.security.hub-closed-on-session-end: a refresh token reused after its grace window revokes the family and closes its connection within 1 s', async () => {
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

  describe('API.security.hub-recheck-at-token-expiry: a live connection is re-checked when its access token expires', () => {
    let t: RealtimeApp;
    const clock = new ManualTimers(HUB_EPOCH);
    const ACCESS_MS = 15 * 60_000;
    // Short enough that a test can walk a session past its end a few access tokens in.
    const SESSION_MS = 40 * 60_000;

    beforeAll(async () => {
      t = await startRealtimeApp({
        store,
        simRate: 0,
        clock,
        sessionTimings: { absoluteLifetimeMs: SESSION_MS },
        // Only the token's expiry may end these connections while the test moves time by minutes.
        hub: { clock, clientTimeoutMs: 24 * 3_600_000, keepAliveIntervalMs: 24 * 3_600_000, longPollTimeoutMs: 24 * 3_600_000 },
      });
    });

    afterAll(async () => {
      await t?.close();
    });

    /**
     * The official client as the web worker uses it in a browser: the session cookie on every
     * request, the cookie jar updated by each refresh (a browser does that by itself).
     */
    function renewingClient(user: LoggedIn, transport: signalR.HttpTransportType) {
      const jar = { access: user.cookie, refresh: user.refreshCookie! };
      class CookieJarClient extends signalR.DefaultHttpClient {
        override send(request: signalR.HttpRequest) {
          return super.send({ ...request, headers: { ...request.headers, Cookie: jar.access, 'X-Auth-Method': 'cookie' } });
        }
        override getCookieString() {
          return jar.access;
        }
      }
      const client = new signalR.HubConnectionBuilder()
        .withUrl(t.hubUrl, { transport, httpClient: new CookieJarClient(signalR.NullLogger.instance) })
        .withAutomaticReconnect([0, 50, 100, 200, 500])
        .configureLogging(signalR.LogLevel.None)
        .build();
      const seen = { closedAt: null as number | null, error: undefined as Error | undefined, reconnecting: 0 };
      client.onclose((error) => {
        seen.closedAt = Date.now();
        seen.error = error;
      });
      client.onreconnecting(() => (seen.reconnecting += 1));
      async function renew() {
        const res = await post(t, '/v1/auth/refresh-token', jar.refresh);
        expect(res.status).toBe(200);
        const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
        jar.access = pairs.find((c) => c.startsWith('ox_access='))!;
        jar.refresh = pairs.find((c) => c.startsWith('ox_refresh='))!;
      }
      return { client, seen, renew };
    }

    const hubUserOf = (connectionId: string | null) => t.app.realtime.hub.connections().find((c) => c.connectionId === connectionId)?.user;

    for (const [name, transport] of allTransports) {
      it(`API.security.hub-recheck-at-token-expiry: ${name}: a still valid session keeps its connection past the token's expiry, token after token`, async () => {
        const user = await createTrader(t, 'Staying', {});
        const { client, seen, renew } = renewingClient(user, transport);
        const loggedInAt = clock.now();
        await client.start();
        try {
          const id = client.connectionId;
          const admittedUntil = hubUserOf(id)!.expiresAt;
          for (let round = 1; round <= 2; round += 1) {
            // The app renews its cookie before it runs out (a browser's jar then holds the new
            // one); the connection itself was admitted with the old token.
            // Round 1 renews at 14 min, round 2 at 28 min: each time before the cookie runs out.
            await sleep(50);
            clock.advance(loggedInAt + round * (ACCESS_MS - 60_000) - clock.now());
            await renew();
            // Past the connection's token: 15 min from login, then what the last request or re-check gave.
            clock.advance(2 * 60_000 + 1_000);
            // The re-check reads the database; give it a moment, then the hub has renewed the user.
            await waitFor(() => (hubUserOf(id)?.expiresAt ?? 0) > clock.now(), 2_000, `the connection to be renewed (round ${round})`);
            expect(hubUserOf(id)!.expiresAt).toBeGreaterThan(admittedUntil);
            // Never past the session's absolute end.
            expect(hubUserOf(id)!.expiresAt).toBeLessThanOrEqual(loggedInAt + SESSION_MS);
            expect(await client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
            expect(client.connectionId).toBe(id);
            expect(client.state).toBe(signalR.HubConnectionState.Connected);
          }
          expect(seen.reconnecting).toBe(0);
          expect(seen.closedAt).toBeNull();
        } finally {
          await client.stop();
        }
      });
    }

    it("API.security.hub-recheck-at-token-expiry: a session revoked behind the server's back is closed within 1 s of the expiry; the web worker reads it as an authentication error", async () => {
      const user = await createTrader(t, 'Revoked', {});
      // Configured as the web worker is: stateful reconnect, its own reconnect loop.
      const client = new signalR.HubConnectionBuilder()
        .withUrl(t.hubUrl, { transport: signalR.HttpTransportType.WebSockets, headers: { Cookie: user.cookie, 'X-Auth-Method': 'cookie' } })
        .withStatefulReconnect()
        .configureLogging(signalR.LogLevel.None)
        .build();
      let closedAt: number | null = null;
      let closedWith: Error | undefined;
      let reconnecting = 0;
      client.onclose((error) => {
        closedAt = Date.now();
        closedWith = error;
      });
      client.onreconnecting(() => (reconnecting += 1));
      await client.start();
      // Straight in the database: no session event tells the hub, only the re-check can find out.
      await t.app.ctx.database.db
        .updateTable('sessions')
        .set({ revoked_at: clock.now(), revoked_reason: 'test' })
        .where('user_id', '=', user.id)
        .execute();
      clock.advance(ACCESS_MS - 1_000);
      await sleep(200);
      expect(closedAt).toBeNull();
      const since = Date.now();
      clock.advance(1_000);
      await waitFor(() => closedAt !== null, 2_000, 'onclose');
      expect(closedAt! - since).toBeLessThan(1_000);
      expect(closedWith!.message).toBe('Server returned an error on close: Unauthorized: the access token expired.');
      expect(isAuthError(closedWith)).toBe(true);
      expect(reconnecting).toBe(0);
      expect(t.app.realtime.hub.countsOf(user.id)).toEqual({ pending: 0, live: 0 });
    });

    it("API.security.hub-recheck-at-token-expiry, API.security.absolute-session-lifetime-30-days: the connection is renewed up to the session's absolute end, then closed", async () => {
      const user = await createTrader(t, 'Lifetime', {});
      const { client, seen } = renewingClient(user, signalR.HttpTransportType.WebSockets);
      const loggedInAt = clock.now();
      await client.start();
      try {
        const id = client.connectionId;
        clock.advance(ACCESS_MS);
        await waitFor(() => (hubUserOf(id)?.expiresAt ?? 0) > clock.now(), 2_000, 'the first renewal');
        clock.advance(ACCESS_MS);
        // The second renewal stops at the session's end, not a full token later.
        await waitFor(() => (hubUserOf(id)?.expiresAt ?? 0) > clock.now(), 2_000, 'the second renewal');
        expect(hubUserOf(id)!.expiresAt).toBe(loggedInAt + SESSION_MS);
        expect(seen.closedAt).toBeNull();
        const since = Date.now();
        clock.advance(loggedInAt + SESSION_MS - clock.now());
        await waitFor(() => seen.reconnecting > 0 || seen.closedAt !== null, 2_000, 'the connection to close at the session end');
        expect(Date.now() - since).toBeLessThan(1_000);
        // The client's reconnect cannot come back: the session is over.
        await waitFor(() => seen.closedAt !== null, 5_000, 'the reconnect attempts to give up');
        expect(t.app.realtime.hub.countsOf(user.id).live).toBe(0);
      } finally {
        await client.stop();
      }
    });

    it('API.security.hub-recheck-at-token-expiry: a user who may no longer sign in loses the connection at the expiry', async () => {
      const user = await createTrader(t, 'Barred', {});
      const { client, seen } = renewingClient(user, signalR.HttpTransportType.ServerSentEvents);
      await client.start();
      try {
        // A system account can never sign in (the simulator's); nothing else marks the change.
        await t.app.ctx.database.db.updateTable('users').set({ account_kind: 'system' }).where('id', '=', user.id).execute();
        const since = Date.now();
        clock.advance(ACCESS_MS);
        await waitFor(() => seen.reconnecting > 0 || seen.closedAt !== null, 2_000, 'the connection to close');
        expect(Date.now() - since).toBeLessThan(1_000);
        await waitFor(() => seen.closedAt !== null, 5_000, 'the reconnect attempts to give up');
        expect(t.app.realtime.hub.countsOf(user.id).live).toBe(0);
      } finally {
        await client.stop();
      }
    });
  });
});
