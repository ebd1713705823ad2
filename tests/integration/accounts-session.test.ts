import { createHash, createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/shared/messages';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../src/server/auth';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed';
import { describeEachStore } from '../support/postgres';
import { Client, problem, registerIndividual, startApp, STRONG_PASSWORD, type TestApp } from './accounts-harness';

type SetCookie = { name: string; value: string; path?: string; maxAge?: number };

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startApp({ seed: true, store });
  });
  afterEach(async () => {
    await t.close();
  });

  describe('A7 POST /v1/auth/login', () => {
    it('API.login.answer, API.users.user-shape, API.auth.x-auth-method-exempt-calls: A7 login: the seeded demo user logs in and gets user_details with both account type spellings', async () => {
      const client = new Client(t.app);
      const res = await client.post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD }, { authHeader: false });
      expect(res.statusCode).toBe(200);
      const { user_details } = res.json();
      expect(user_details).toMatchObject({
        email: DEMO_EMAIL,
        account_type: 'individual',
        accountType: 'individual',
        roles: ['client'],
        email_confirmed: true,
        phone_confirmed: true,
      });
      expect(client.jar.get(ACCESS_COOKIE)).toBeTruthy();
      expect(client.jar.get(REFRESH_COOKIE)).toBeTruthy();
    });

    it('API.auth.cookies-httponly-lax: A7 login: cookies are httpOnly, SameSite=Lax, refresh cookie scoped to /v1/auth, not Secure over http', async () => {
      const res = await new Client(t.app).post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      const cookies = res.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }>;
      const access = cookies.find((c) => c.name === ACCESS_COOKIE)!;
      const refresh = cookies.find((c) => c.name === REFRESH_COOKIE)!;
      expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/v1/auth' });
      expect(access.secure).toBeFalsy();
    });

    it('CORE.accounts.login-email-case-insensitive: A7 login: the email is matched case-insensitively', async () => {
      const res = await new Client(t.app).post('/v1/auth/login', { email: '  DEMO@OX.Exchange ', password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
    });

    it('API.errors.invalid-credentials-401, API.login.wrong-credentials-text, API.problem.content-type, API.problem.detail-sentence: A7 login: wrong password answers 401 problem "Invalid email or password."', async () => {
      const res = await new Client(t.app).post('/v1/auth/login', { email: DEMO_EMAIL, password: 'Wrong!Password1' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(problem(res)).toMatchObject({ status: 401, code: 'invalid_credentials', detail: accountMessages.invalidLogin });
      expect(res.cookies).toHaveLength(0);
    });

    it('API.errors.invalid-credentials-401: A7 login: unknown email answers the same 401 problem as a wrong password', async () => {
      const res = await new Client(t.app).post('/v1/auth/login', { email: 'nobody@example.com', password: 'Whatever!1' });
      expect(res.statusCode).toBe(401);
      expect(problem(res).code).toBe('invalid_credentials');
    });

    it('API.problem.errors-keyed-by-field: A7 login: missing fields answer 400 naming each field', async () => {
      const res = await new Client(t.app).post('/v1/auth/login', {});
      expect(res.statusCode).toBe(400);
      expect(Object.keys(problem(res).errors ?? {}).sort()).toEqual(['email', 'password']);
    });

    it('CORE.http.wrong-typed-fields: A7 login: wrong-typed fields answer 400, never 5xx', async () => {
      for (const body of [{ email: 42, password: true }, { email: ['a'], password: { x: 1 } }, [], 'text', null, 7]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(problem(res).code).toBe('validation_failed');
      }
    });
    it('API.auth.access-cookie-15-minutes, API.auth.refresh-cookie-path-30-days: login sets ox_access on / for 15 minutes and ox_refresh on /v1/auth for 30 days; a refresh sets both again', async () => {
      const client = new Client(t.app);
      const lifetimes = (res: LightMyRequestResponse) =>
        Object.fromEntries((res.cookies as SetCookie[]).map((c) => [c.name, { path: c.path, maxAge: c.maxAge }]));
      const login = await client.post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect(lifetimes(login)).toEqual({
        [ACCESS_COOKIE]: { path: '/', maxAge: 15 * 60 },
        [REFRESH_COOKIE]: { path: '/v1/auth', maxAge: 30 * 24 * 60 * 60 },
      });
      const refreshed = await client.post('/v1/auth/refresh-token');
      expect(lifetimes(refreshed)).toEqual(lifetimes(login));
    });
  });

  describe('A7 GET /v1/users/me', () => {
    it('A7 me: answers the logged-in user', async () => {
      const { client, user } = await registerIndividual(t);
      const res = await client.get('/v1/users/me');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, email: user.email, account_type: 'individual', accountType: 'individual' });
    });

    it('API.errors.auth-method-required-403, API.auth.x-auth-method-required: A7 me: without X-Auth-Method: cookie answers 403', async () => {
      const { client } = await registerIndividual(t);
      const res = await client.get('/v1/users/me', { authHeader: false });
      expect(res.statusCode).toBe(403);
      expect(problem(res).code).toBe('auth_method_required');
    });

    it('API.errors.unauthenticated-401: A7 me: with the header but no cookie answers 401', async () => {
      const res = await new Client(t.app).get('/v1/users/me');
      expect(res.statusCode).toBe(401);
      expect(problem(res).code).toBe('unauthenticated');
    });

    it('A7 me: a tampered access cookie answers 401', async () => {
      const { client } = await registerIndividual(t);
      client.jar.cookies.set(ACCESS_COOKIE, `${client.jar.get(ACCESS_COOKIE)!.slice(0, -2)}xx`);
      const res = await client.get('/v1/users/me');
      expect(res.statusCode).toBe(401);
    });

    it('API.auth.access-cookie-15-minutes: A7 me: the access token expires after 15 minutes (401), refresh then restores access', async () => {
      const { client } = await registerIndividual(t);
      t.clock.advance(15 * 60 * 1000 + 1);
      expect((await client.get('/v1/users/me')).statusCode).toBe(401);
      const refreshed = await client.post('/v1/auth/refresh-token');
      expect(refreshed.statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).statusCode).toBe(200);
    });

    it('API.auth.bearer-accepted: A7 me: an Authorization: Bearer access token works without X-Auth-Method', async () => {
      const { client } = await registerIndividual(t);
      const token = client.jar.get(ACCESS_COOKIE)!;
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    });
    it('API.errors.session-expired-401: an expired or tampered access token, or a revoked session, answers 401 session_expired', async () => {
      const { client } = await registerIndividual(t);
      const token = client.jar.get(ACCESS_COOKIE)!;
      const withToken = (value: string) =>
        t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'x-auth-method': 'cookie' }, cookies: { [ACCESS_COOKIE]: value } });
      expect(problem(await withToken(`${token.slice(0, -2)}xx`)).code).toBe('session_expired');
      t.clock.advance(15 * 60 * 1000);
      expect(problem(await withToken(token)).code).toBe('session_expired');
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      const live = client.jar.get(ACCESS_COOKIE)!;
      await client.post('/v1/auth/logout');
      const revoked = await withToken(live);
      expect(revoked.statusCode).toBe(401);
      expect(problem(revoked).code).toBe('session_expired');
    });
  });

  describe('A7 POST /v1/auth/logout', () => {
    it('API.logout.revokes-session, API.auth.session-checked-each-call: A7 logout: ends the session and clears cookies; the old access cookie stops working', async () => {
      const { client } = await registerIndividual(t);
      const stolen = client.jar.clone();
      // Used once first, so the server has this token's session in its authentication cache.
      expect((await new Client(t.app, stolen.clone()).get('/v1/users/me')).statusCode).toBe(200);
      const res = await client.post('/v1/auth/logout', undefined, { authHeader: false });
      expect(res.statusCode).toBe(200);
      expect(client.jar.get(ACCESS_COOKIE)).toBeUndefined();
      expect(client.jar.get(REFRESH_COOKIE)).toBeUndefined();
      const replay = new Client(t.app, stolen);
      expect((await replay.get('/v1/users/me')).statusCode).toBe(401);
      expect((await replay.post('/v1/auth/refresh-token')).statusCode).toBe(401);
    });

    it('API.auth.x-auth-method-exempt-calls: A6 logout: is exempt from X-Auth-Method and succeeds even without a session', async () => {
      const res = await new Client(t.app).post('/v1/auth/logout', undefined, { authHeader: false });
      expect(res.statusCode).toBe(200);
    });

    it('CORE.http.empty-json-body: A7 logout: an empty JSON body with Content-Type application/json is accepted', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode).toBe(200);
    });
    it('API.logout.always-200: without a session the answer is still 200 { success: true, message }', async () => {
      const res = await new Client(t.app).post('/v1/auth/logout', undefined, { authHeader: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.any(String) });
    });
  });

  describe('A7 POST /v1/auth/refresh-token', () => {
    it('API.auth.refresh-rotates: A7 refresh: rotates both cookies and answers user_details', async () => {
      const { client, user } = await registerIndividual(t);
      const before = client.jar.get(REFRESH_COOKIE);
      const res = await client.post('/v1/auth/refresh-token');
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details.id).toBe(user.id);
      expect(client.jar.get(REFRESH_COOKIE)).not.toBe(before);
    });

    it('A7 refresh: without X-Auth-Method answers 403', async () => {
      const { client } = await registerIndividual(t);
      const res = await client.post('/v1/auth/refresh-token', undefined, { authHeader: false });
      expect(res.statusCode).toBe(403);
    });

    it('A7 refresh: without a refresh cookie answers 401', async () => {
      const res = await new Client(t.app).post('/v1/auth/refresh-token');
      expect(res.statusCode).toBe(401);
      expect(problem(res).detail).toBe(accountMessages.sessionExpired);
    });

    it('API.auth.refresh-grace-10s: A7 refresh: a replayed token within the 10 s grace window answers the same successor', async () => {
      const { client } = await registerIndividual(t);
      const old = client.jar.clone();
      const first = await client.post('/v1/auth/refresh-token');
      const successor = client.jar.get(REFRESH_COOKIE);
      t.clock.advance(9_000);
      const second = new Client(t.app, old);
      const res = await second.post('/v1/auth/refresh-token');
      expect(first.statusCode).toBe(200);
      expect(res.statusCode).toBe(200);
      expect(second.jar.get(REFRESH_COOKIE)).toBe(successor);
      // The family is still alive: both holders can go on.
      expect((await client.get('/v1/users/me')).statusCode).toBe(200);
      expect((await second.get('/v1/users/me')).statusCode).toBe(200);
    });

    it('A4 refresh: concurrent refreshes with one token (two tabs) both succeed with the same successor', async () => {
      const { client } = await registerIndividual(t);
      const tabs = [new Client(t.app, client.jar.clone()), new Client(t.app, client.jar.clone()), new Client(t.app, client.jar.clone())];
      const answers = await Promise.all(tabs.map((tab) => tab.post('/v1/auth/refresh-token')));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(tabs.map((tab) => tab.jar.get(REFRESH_COOKIE))).size).toBe(1);
    });

    it('API.errors.refresh-token-reused-401, API.auth.refresh-reuse-revokes-family, API.auth.refresh-rotates: A7 refresh: a replayed token after the grace window revokes the whole family', async () => {
      const { client } = await registerIndividual(t);
      const old = client.jar.clone();
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).statusCode).toBe(200);
      t.clock.advance(10_001);
      const thief = new Client(t.app, old);
      const res = await thief.post('/v1/auth/refresh-token');
      expect(res.statusCode).toBe(401);
      expect(problem(res).code).toBe('refresh_token_reused');
      // The legitimate holder's successor is dead too, and so is its access token.
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(401);
      expect((await client.get('/v1/users/me')).statusCode).toBe(401);
    });

    it('A7 refresh: a refresh token expires after 30 days', async () => {
      const { client } = await registerIndividual(t);
      t.clock.advance(30 * 24 * 60 * 60 * 1000 + 1);
      const res = await client.post('/v1/auth/refresh-token');
      expect(res.statusCode).toBe(401);
    });

    it('A7 refresh: a garbage refresh cookie answers 401 and clears cookies', async () => {
      const client = new Client(t.app);
      client.jar.cookies.set(REFRESH_COOKIE, 'garbage');
      const res = await client.post('/v1/auth/refresh-token');
      expect(res.statusCode).toBe(401);
      expect(client.jar.get(REFRESH_COOKIE)).toBeUndefined();
    });

    it('CORE.accounts.sessions-independent, API.auth.refresh-family-per-login: A7 refresh: two sessions of one user are independent', async () => {
      const { client, payload } = await registerIndividual(t);
      const other = new Client(t.app);
      expect((await other.post('/v1/auth/login', { email: payload.email, password: STRONG_PASSWORD })).statusCode).toBe(200);
      await client.post('/v1/auth/logout');
      expect((await other.get('/v1/users/me')).statusCode).toBe(200);
    });

    it('CORE.accounts.sessions-independent: refreshing one session leaves the other session able to refresh', async () => {
      const { client, payload } = await registerIndividual(t);
      const other = new Client(t.app);
      expect((await other.post('/v1/auth/login', { email: payload.email, password: STRONG_PASSWORD })).statusCode).toBe(200);
      // Past the reuse grace each time: a refresh token shared by both sessions would now count as stolen.
      for (let i = 0; i < 2; i++) {
        t.clock.advance(10_001);
        expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      }
      expect((await other.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      expect((await other.get('/v1/users/me')).statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).statusCode).toBe(200);
    });

    it('API.errors.refresh-token-missing-401: a refresh without a refresh cookie answers 401 refresh_token_missing', async () => {
      const res = await new Client(t.app).post('/v1/auth/refresh-token');
      expect(res.statusCode).toBe(401);
      expect(problem(res).code).toBe('refresh_token_missing');
    });

    it('API.errors.refresh-token-invalid-401, API.auth.refresh-failure-clears-cookies: an unknown refresh token answers 401 refresh_token_invalid and clears both cookies', async () => {
      const { client } = await registerIndividual(t);
      client.jar.cookies.set(REFRESH_COOKIE, 'x'.repeat(43));
      const res = await client.post('/v1/auth/refresh-token');
      expect(res.statusCode).toBe(401);
      expect(problem(res).code).toBe('refresh_token_invalid');
      const cleared = (res.cookies as SetCookie[]).filter((c) => c.value === '').map((c) => c.name);
      expect(cleared.sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
      expect(client.jar.get(ACCESS_COOKIE)).toBeUndefined();
    });

    it('API.auth.refresh-hashed, API.auth.refresh-successor-derived: a refresh token is stored only as its SHA-256 hash; its successor is its HMAC under the server key', async () => {
      const { client } = await registerIndividual(t);
      const first = client.jar.get(REFRESH_COOKIE)!;
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      const successor = client.jar.get(REFRESH_COOKIE)!;
      expect(successor).toBe(createHmac('sha256', t.app.ctx.keys.refreshSuccessor).update(first).digest('base64url'));
      const rows = await t.app.ctx.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
      const hashes = rows.map((r) => r.token_hash);
      const sha = (token: string) => createHash('sha256').update(token).digest('base64url');
      expect(hashes).toEqual(expect.arrayContaining([sha(first), sha(successor)]));
      expect(hashes).not.toContain(first);
      expect(hashes).not.toContain(successor);
    });
  });
});
