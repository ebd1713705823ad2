import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// Rate limits of spec A's sensitive calls: small limits here so tests reach them quickly.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const rule = (max: number) => ({ max, windowMs: 60_000 });

  describe('A7 rate limits answer 429 problems', () => {
    it('API.errors.rate-limited-429, API.rate-limit.login-per-ip: A7 login: too many attempts from one IP answer 429 with Retry-After', async () => {
      t = await startApp({ store, seed: true, rateLimits: { loginPerIp: rule(3) } });
      const client = new Client(t.app);
      for (let i = 0; i < 3; i += 1) {
        expect((await client.post('/v1/auth/login', { email: `x${i}@example.com`, password: 'Wrong!Pass1' })).statusCode).toBe(401);
      }
      const res = await client.post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(problem(res)).toMatchObject({ status: 429, code: 'rate_limited', title: 'Too many requests' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('API.rate-limit.login-per-email: A7 login: too many attempts on one account answer 429 whatever the IP', async () => {
      t = await startApp({ store, seed: true, rateLimits: { loginPerAccount: rule(2) } });
      const from = (ip: string) =>
        t!.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          remoteAddress: ip,
          payload: { email: DEMO_EMAIL, password: 'Wrong!Pass1' },
        });
      expect((await from('10.0.0.1')).statusCode).toBe(401);
      expect((await from('10.0.0.2')).statusCode).toBe(401);
      expect((await from('10.0.0.3')).statusCode).toBe(429);
      // Another account from the same IP is unaffected.
      const other = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        remoteAddress: '10.0.0.3',
        payload: { email: 'other@example.com', password: 'x' },
      });
      expect(other.statusCode).toBe(401);
    });

    it('API.rate-limit.forgot-per-email: A7 forgot-password: too many requests for one email answer 429', async () => {
      t = await startApp({ store, rateLimits: { forgotPasswordPerAccount: rule(2) } });
      const client = new Client(t.app);
      const send = () => client.post('/v1/auth/password/forgot-password', { email: 'someone@example.com' });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
    });

    it('API.rate-limit.forgot-per-ip: A7 forgot-password: too many requests from one IP answer 429', async () => {
      t = await startApp({ store, rateLimits: { forgotPasswordPerIp: rule(2) } });
      const client = new Client(t.app);
      for (const n of [1, 2])
        expect((await client.post('/v1/auth/password/forgot-password', { email: `a${n}@example.com` })).statusCode).toBe(200);
      expect((await client.post('/v1/auth/password/forgot-password', { email: 'a3@example.com' })).statusCode).toBe(429);
    });

    it('API.rate-limit.code-request-per-user: A7 verification-code request: too many requests by one user answer 429', async () => {
      t = await startApp({ store, rateLimits: { codeRequestPerUser: rule(2) } });
      const { client } = await registerIndividual(t);
      expect((await client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
      expect((await client.post('/v1/auth/verification-code/phone/request')).statusCode).toBe(200);
      const res = await client.post('/v1/auth/verification-code/email/request');
      expect(res.statusCode).toBe(429);
      // A different user is not affected.
      const other = await registerIndividual(t);
      expect((await other.client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
    });

    it('API.rate-limit.register-per-ip: A7 register: too many registrations from one IP answer 429', async () => {
      t = await startApp({ store, rateLimits: { registerPerIp: rule(1) } });
      await registerIndividual(t);
      await expect(registerIndividual(t)).rejects.toThrow(/429/);
    });

    it('API.rate-limit.code-request-per-ip: code requests of different users from one IP share a limit', async () => {
      t = await startApp({ store, rateLimits: { codeRequestPerIp: rule(2) } });
      const first = await registerIndividual(t);
      const second = await registerIndividual(t);
      expect((await first.client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
      expect((await second.client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
      expect((await second.client.post('/v1/auth/verification-code/phone/request')).statusCode).toBe(429);
    });
  });
});
