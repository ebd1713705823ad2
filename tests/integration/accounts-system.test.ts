import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, hashPassword } from '../../src/server/auth';
import { sha256 } from '../../src/server/lib/crypto';
import { repositories } from '../../src/server/repositories';
import { loadSimAccounts } from '../../src/server/sim/accounts';
import { Client, NEW_PASSWORD, problem, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// The simulator's accounts hold the market's money: nobody signs in as them, resets their
// password or gets a verification code for them, and every refusal reads exactly as it would
// for an address nobody registered.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let system: { id: string; email: string };
  beforeEach(async () => {
    t = await startApp({ store, seed: true });
    const accounts = await loadSimAccounts({
      database: t.app.ctx.database,
      clock: t.app.ctx.clock,
      create: true,
      currencies: ['usd'],
      fund: (userId, currency, amount) => t.app.exchange.deposit(userId, currency, amount, { action: 'Credit', ref: 'simulator' }),
    });
    const id = accounts.takers[0]!;
    const row = await t.app.ctx.database.db
      .selectFrom('users')
      .select(['email', 'account_kind'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.account_kind).toBe('system');
    system = { id, email: row.email };
  });
  afterEach(async () => {
    await t.close();
  });

  const anon = () => new Client(t.app);
  const post = (url: string, body: unknown) => anon().post(url, body, { authHeader: false });

  describe('system accounts', () => {
    it('CORE.sim.system-users, API.security.system-accounts-no-sign-in: cannot log in, even with its password set: the answer is the one an unknown address gets', async () => {
      // Its stored hash matches nothing; give it a real one, so the refusal must come from its kind.
      const passwordHash = await hashPassword(NEW_PASSWORD);
      await t.app.ctx.database.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', system.id).execute();
      for (const password of [NEW_PASSWORD, '!no-login']) {
        const res = await anon().post('/v1/auth/login', { email: system.email, password });
        const unknown = await anon().post('/v1/auth/login', { email: 'nobody@example.com', password });
        expect(res.statusCode).toBe(unknown.statusCode);
        expect(res.json()).toEqual(unknown.json());
      }
      expect(await t.app.ctx.database.db.selectFrom('sessions').selectAll().where('user_id', '=', system.id).execute()).toEqual([]);
    });

    it('API.security.system-accounts-no-sign-in: cannot ask for a reset link: the same 200 as an unknown address, and no link is made or mailed', async () => {
      const res = await post('/v1/auth/password/forgot-password', { email: system.email });
      const unknown = await post('/v1/auth/password/forgot-password', { email: 'nobody@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(unknown.json());
      expect(await t.app.ctx.database.db.selectFrom('password_reset_tokens').selectAll().execute()).toEqual([]);
      expect((await t.outbox()).some((m) => m.to === system.email)).toBe(false);
    });

    it('API.security.system-accounts-no-sign-in: a reset token for it (made before it was marked) neither validates nor resets', async () => {
      const token = 'a'.repeat(43);
      const now = t.clock.now();
      await t.app.ctx.database.db
        .insertInto('password_reset_tokens')
        .values({ token_hash: sha256(token), user_id: system.id, created_at: now, expires_at: now + 3_600_000, used_at: null })
        .execute();
      const before = await t.app.ctx.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', system.id)
        .executeTakeFirstOrThrow();

      const validate = await post('/v1/auth/password/validate-reset-token', { user_id: system.id, token });
      const validateUnknown = await post('/v1/auth/password/validate-reset-token', { user_id: system.id, token: 'b'.repeat(43) });
      expect(validate.statusCode).toBe(validateUnknown.statusCode);
      expect(problem(validate).code).toBe('reset_token_invalid');

      const reset = await post('/v1/auth/password/reset-password', {
        user_id: system.id,
        token,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(problem(reset).code).toBe('reset_token_invalid');
      const after = await t.app.ctx.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', system.id)
        .executeTakeFirstOrThrow();
      expect(after.password_hash).toBe(before.password_hash);
      expect((await anon().post('/v1/auth/login', { email: system.email, password: NEW_PASSWORD })).statusCode).toBe(401);
    });

    it('API.security.system-accounts-no-sign-in: a session for it (forged in storage) opens nothing: no profile, no verification code', async () => {
      const session = await t.app.ctx.sessions.start(repositories(t.app.ctx.database.db), system.id);
      const client = anon();
      client.jar.cookies.set(ACCESS_COOKIE, session.accessToken);
      expect((await client.get('/v1/users/me')).statusCode).toBe(401);
      // Its address is marked confirmed, so unmark it: the refusal must come from the account kind.
      await t.app.ctx.database.db.updateTable('users').set({ email_confirmed: 0 }).where('id', '=', system.id).execute();
      t.clock.advance(2_000);
      expect((await client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(401);
      expect((await t.outbox()).some((m) => m.to === system.email)).toBe(false);
    });
  });
});
