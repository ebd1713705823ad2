import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../src/server/auth';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// A session lives 30 days from its login, however often it is refreshed; its tokens and cookies
// never outlive that. In production the session cookies are Secure whatever the request looked
// like, under the __Host- / __Secure- names browsers protect.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;

  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  type SetCookie = { name: string; value: string; maxAge?: number; secure?: boolean; path?: string; domain?: string; httpOnly?: boolean };

  describe('absolute session lifetime', () => {
    it('API.security.absolute-session-lifetime-30-days: refreshing keeps a session going for 30 days from login, never longer: then refresh answers 401 session_expired', async () => {
      t = await startApp({ store });
      const { client } = await registerIndividual(t);
      for (let day = 1; day <= 29; day++) {
        t.clock.advance(DAY);
        const res = await client.post('/v1/auth/refresh-token');
        expect(res.statusCode, `refresh on day ${day}`).toBe(200);
      }
      // Day 29 + 23 h 50 min: a refresh still works, but what it issues ends with the session.
      t.clock.advance(DAY - 10 * MINUTE);
      const last = await client.post('/v1/auth/refresh-token');
      expect(last.statusCode).toBe(200);
      const cookies = last.cookies as SetCookie[];
      expect(cookies.find((c) => c.name === ACCESS_COOKIE)!.maxAge).toBe(10 * 60);
      expect(cookies.find((c) => c.name === REFRESH_COOKIE)!.maxAge).toBe(10 * 60);
      t.clock.advance(10 * MINUTE - 1);
      expect((await client.get('/v1/users/me')).statusCode).toBe(200);
      // The access token issued 10 minutes ago would run 15; it stops with the session.
      t.clock.advance(1);
      expect((await client.get('/v1/users/me')).statusCode).toBe(401);
      const refused = await client.post('/v1/auth/refresh-token');
      expect(refused.statusCode).toBe(401);
      expect(problem(refused).code).toBe('session_expired');
    });

    it('API.security.absolute-session-lifetime-30-days: a new login starts a new 30 days', async () => {
      t = await startApp({ store, seed: true });
      const client = new Client(t.app);
      expect((await client.post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).statusCode).toBe(200);
      t.clock.advance(30 * DAY);
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(401);
      expect((await client.post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).statusCode).toBe(200);
      t.clock.advance(29 * DAY);
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
    });
  });

  describe('session cookies in production', () => {
    it('API.security.cookies-secure-in-production: are Secure even over plain http (TLS ends at the proxy), the access cookie as __Host- and the refresh cookie as __Secure-', async () => {
      // A customer of its own: production has no demo account to sign in with.
      t = await startApp({ store, seed: true, config: { nodeEnv: 'production' }, outboxDelivery: { kind: 'log' } });
      const { payload } = await registerIndividual(t);
      const client = new Client(t.app);
      const res = await client.post('/v1/auth/login', { email: payload.email, password: payload.password });
      expect(res.statusCode).toBe(200);
      const cookies = res.cookies as SetCookie[];
      expect(cookies.map((c) => c.name).sort()).toEqual(['__Host-ox_access', '__Secure-ox_refresh']);
      const access = cookies.find((c) => c.name === '__Host-ox_access')!;
      const refresh = cookies.find((c) => c.name === '__Secure-ox_refresh')!;
      // __Host- requires Secure, path / and no Domain.
      expect(access).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(access.domain).toBeUndefined();
      expect(refresh).toMatchObject({ secure: true, path: '/v1/auth', httpOnly: true });

      // The whole session works under those names: calls, refresh and logout.
      expect((await client.get('/v1/users/me')).statusCode).toBe(200);
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).statusCode).toBe(200);
      // A cookie under the plain name is not the session in production.
      const plain = new Client(t.app);
      plain.jar.cookies.set(ACCESS_COOKIE, client.jar.get('__Host-ox_access')!);
      expect((await plain.get('/v1/users/me')).statusCode).toBe(401);
      const out = await client.post('/v1/auth/logout');
      expect(out.statusCode).toBe(200);
      const cleared = out.cookies as SetCookie[];
      expect(cleared.map((c) => [c.name, c.secure])).toEqual(
        expect.arrayContaining([
          ['__Host-ox_access', true],
          ['__Secure-ox_refresh', true],
        ]),
      );
      expect((await client.get('/v1/users/me')).statusCode).toBe(401);
    });
  });
});
