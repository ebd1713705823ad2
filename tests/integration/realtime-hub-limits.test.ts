import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../src/server/config';
import { hubMethods } from '../../src/shared/hub/names';
import { createTrader, hubClient, signalR, startRealtimeApp, upgradeStatus, type LoggedIn, type RealtimeApp } from './realtime-support';
import { describeEachStore } from '../support/postgres';

// What one user may take of the hub (10 open and 10 negotiated connections, 60 negotiations a
// minute by default), and what a cookie-authenticated hub request must show: the declared
// X-Auth-Method and an Origin that is ours, scheme included. Refusals are problem bodies with a
// code from the catalogue.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  interface Problem {
    status: number;
    code: string;
    detail: string;
  }

  async function negotiate(
    t: RealtimeApp,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
    const res = await fetch(`${t.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
  }

  const declared = (user: LoggedIn) => ({ Cookie: user.cookie, 'X-Auth-Method': 'cookie' });

  describe('per-user hub caps', () => {
    let t: RealtimeApp;

    beforeAll(async () => {
      t = await startRealtimeApp({ store, simRate: 0 });
    });

    afterAll(async () => {
      await t?.close();
    });

    it("API.security.hub-per-user-caps: the 11th open connection of a user is refused with 429 hub_connections_exceeded; other users' are not", async () => {
      const user = await createTrader(t, 'Hoarder', {});
      const other = await createTrader(t, 'Neighbour', {});
      const open: signalR.HubConnection[] = [];
      try {
        for (let i = 0; i < 10; i++) {
          const client = hubClient(t, user);
          await client.start();
          open.push(client);
        }
        await expect(hubClient(t, user).start()).rejects.toThrow(/429[\s\S]*hub_connections_exceeded|hub_connections_exceeded[\s\S]*429/);
        const refused = await negotiate(t, declared(user));
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ status: 429, code: 'hub_connections_exceeded' } satisfies Partial<Problem>);
        expect(String(refused.body.detail)).toMatch(/at most 10/);

        // Another user connects as usual, and the ten keep working.
        const neighbour = hubClient(t, other);
        await neighbour.start();
        open.push(neighbour);
        for (const client of open) expect(await client.invoke(hubMethods.isConnectionHealthy)).toBe(true);

        // Closing one frees its place.
        await open.shift()!.stop();
        const again = hubClient(t, user);
        await again.start();
        open.push(again);
      } finally {
        for (const client of open) await client.stop();
      }
    });

    it('API.security.hub-per-user-caps: the 11th pending negotiation of a user is refused with 429 hub_negotiations_exceeded; other users are not', async () => {
      const user = await createTrader(t, 'Negotiator', {});
      const other = await createTrader(t, 'Bystander', {});
      for (let i = 0; i < 10; i++) expect((await negotiate(t, declared(user))).status).toBe(200);
      const refused = await negotiate(t, declared(user));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status: 429, code: 'hub_negotiations_exceeded', title: 'Too many requests' });
      expect((await negotiate(t, declared(other))).status).toBe(200);
      const client = hubClient(t, other);
      await client.start();
      await client.stop();
    });
  });

  describe('negotiation rate per user', () => {
    let t: RealtimeApp;

    beforeAll(async () => {
      t = await startRealtimeApp({
        store,
        simRate: 0,
        config: { rateLimits: { ...defaultRateLimits, hubNegotiatePerUser: { max: 3, windowMs: 60_000 } } },
      });
    });

    afterAll(async () => {
      await t?.close();
    });

    it('API.security.hub-per-user-caps: negotiating faster than the limit answers 429 rate_limited with Retry-After; another user is not limited', async () => {
      const user = await createTrader(t, 'Hasty', {});
      const other = await createTrader(t, 'Patient', {});
      for (let i = 0; i < 3; i++) expect((await negotiate(t, declared(user))).status).toBe(200);
      const limited = await negotiate(t, declared(user));
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'rate_limited' });
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      expect((await negotiate(t, declared(other))).status).toBe(200);
    });
  });

  describe('what a cookie-authenticated hub request must show', () => {
    let t: RealtimeApp;
    let user: LoggedIn;

    beforeAll(async () => {
      t = await startRealtimeApp({ store, simRate: 0 });
      user = await createTrader(t, 'Careful', {});
    });

    afterAll(async () => {
      await t?.close();
    });

    it('API.security.cookie-auth-declared-on-hub: negotiate with the cookie but without X-Auth-Method answers 403 auth_method_required', async () => {
      const res = await negotiate(t, { Cookie: user.cookie });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'auth_method_required' });
      // A Bearer token needs no declaration (a cross-site page cannot hold one).
      const bearer = await negotiate(t, { Authorization: `Bearer ${user.cookie.slice('ox_access='.length)}` });
      expect(bearer.status).toBe(200);
    });

    it('API.security.cookie-auth-declared-on-hub: long-polling requests need it too; the EventSource GET and the WebSocket upgrade, which browsers cannot give headers, do not', async () => {
      const poll = async () => {
        const { body } = await negotiate(t, declared(user));
        return `${t.hubUrl}?id=${encodeURIComponent(body.connectionToken as string)}`;
      };
      const lp = await poll();
      const refusedPoll = await fetch(lp, { headers: { Cookie: user.cookie } });
      expect(refusedPoll.status).toBe(403);
      expect(((await refusedPoll.json()) as Problem).code).toBe('auth_method_required');
      expect((await fetch(lp, { headers: declared(user) })).status).toBe(200);
      const refusedSend = await fetch(lp, {
        method: 'POST',
        headers: { Cookie: user.cookie },
        body: '{"protocol":"json","version":1}\u001e',
      });
      expect(refusedSend.status).toBe(403);
      expect((await fetch(lp, { method: 'DELETE', headers: { Cookie: user.cookie } })).status).toBe(403);
      expect((await fetch(lp, { method: 'DELETE', headers: declared(user) })).status).toBe(202);

      const sse = await poll();
      const controller = new AbortController();
      const stream = await fetch(sse, { headers: { Cookie: user.cookie, Accept: 'text/event-stream' }, signal: controller.signal });
      expect(stream.status).toBe(200);
      controller.abort();

      expect(await upgradeStatus(await poll(), { Cookie: user.cookie, Origin: t.origin })).toBe(101);
    });

    it('API.security.cookie-auth-declared-on-hub: the official client over every transport sends what is needed', async () => {
      for (const transport of [
        signalR.HttpTransportType.WebSockets,
        signalR.HttpTransportType.ServerSentEvents,
        signalR.HttpTransportType.LongPolling,
      ]) {
        const client = hubClient(t, user, { transport });
        await client.start();
        expect(await client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
        await client.stop();
      }
    });

    it('API.security.origin-scheme-checked: an Origin of our host with another scheme is refused: negotiate, event stream, upgrade and API writes', async () => {
      const https = t.origin.replace(/^http:/, 'https:');
      const refused = await negotiate(t, { ...declared(user), Origin: https });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'untrusted_origin' });
      expect((await negotiate(t, { ...declared(user), Origin: t.origin })).status).toBe(200);

      const { body } = await negotiate(t, declared(user));
      const url = `${t.hubUrl}?id=${encodeURIComponent(body.connectionToken as string)}`;
      const stream = await fetch(url, { headers: { ...declared(user), Accept: 'text/event-stream', Origin: https } });
      expect(stream.status).toBe(403);
      expect(((await stream.json()) as Problem).code).toBe('untrusted_origin');
      expect(await upgradeStatus(url, { Cookie: user.cookie, Origin: https })).toBe(403);
      expect(await upgradeStatus(url, { Cookie: user.cookie, Origin: t.origin })).toBe(101);

      const write = await fetch(`${t.origin}/v1/auth/logout`, { method: 'POST', headers: { Origin: https } });
      expect(write.status).toBe(403);
      expect(((await write.json()) as Problem).code).toBe('untrusted_origin');
    });
  });
});
