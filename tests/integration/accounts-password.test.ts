import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passwordMessages, passwordPolicyMessages } from '../../src/shared/messages';
import { Client, NEW_PASSWORD, problem, registerIndividual, startApp, STRONG_PASSWORD, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startApp({ store });
  });
  afterEach(async () => {
    await t.close();
  });

  const anon = () => new Client(t.app);
  const post = (url: string, body: unknown) => anon().post(url, body, { authHeader: false });

  /** Asks for a reset link and reads userId and token back from the outbox. */
  async function resetLinkFor(email: string) {
    expect((await post('/v1/auth/password/forgot-password', { email })).statusCode).toBe(200);
    const mail = (await t.outbox()).find((m) => m.to === email && m.link);
    expect(mail).toBeDefined();
    const url = new URL(mail!.link!);
    return { url, userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')! };
  }

  describe('A7 POST /v1/auth/password/forgot-password', () => {
    it('API.password.reset-link-format: A7 forgot-password: a known email gets a reset link through the outbox', async () => {
      const { user } = await registerIndividual(t);
      const { url, userId, token } = await resetLinkFor(user.email);
      expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/account/password/reset-password`);
      expect(userId).toBe(user.id);
      expect(token.length).toBeGreaterThanOrEqual(40);
    });

    it('A7 forgot-password: an unknown email gets the same 200 answer and no mail (no probing)', async () => {
      const { user } = await registerIndividual(t);
      const known = await post('/v1/auth/password/forgot-password', { email: user.email });
      const unknown = await post('/v1/auth/password/forgot-password', { email: 'ghost@example.com' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect((await t.outbox()).some((m) => m.to === 'ghost@example.com')).toBe(false);
    });

    it('A5 forgot-password: an invalid email answers 400 "Invalid email address"', async () => {
      for (const email of ['', 'not-an-email', 42]) {
        const res = await post('/v1/auth/password/forgot-password', { email });
        expect(res.statusCode).toBe(400);
        expect(problem(res).errors?.email).toEqual([passwordMessages.invalidEmail]);
      }
    });
    it('API.password.forgot-always-200: known and unknown emails both get 200 with the spec sentence', async () => {
      const { user } = await registerIndividual(t);
      for (const email of [user.email, 'ghost@example.com']) {
        const res = await post('/v1/auth/password/forgot-password', { email });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('If an account exists for this email address, a password reset link has been sent to it.');
      }
    });

    it('API.password.reset-token-random-hashed: the token carries 256 random bits and only its hash is stored', async () => {
      const { user } = await registerIndividual(t);
      const { token } = await resetLinkFor(user.email);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const rows = await t.app.ctx.database.db
        .selectFrom('password_reset_tokens')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('base64url')]);
    });
  });

  describe('A7 POST /v1/auth/password/validate-reset-token', () => {
    it('API.password.validate-answer: A7 validate-reset-token: a fresh link is valid', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      const res = await post('/v1/auth/password/validate-reset-token', { user_id: userId, token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    });

    it('API.errors.reset-token-invalid-400, API.password.validate-invalid-text, API.problem.detail-sentence: A7 validate-reset-token: a wrong token or another user id answers 400 with the spec message', async () => {
      const { user } = await registerIndividual(t);
      const other = await registerIndividual(t);
      const { token } = await resetLinkFor(user.email);
      for (const body of [
        { user_id: user.id, token: 'x'.repeat(43) },
        { user_id: other.user.id, token },
      ]) {
        const res = await post('/v1/auth/password/validate-reset-token', body);
        expect(res.statusCode).toBe(400);
        expect(problem(res)).toMatchObject({ code: 'reset_token_invalid', detail: passwordMessages.resetTokenInvalid });
      }
    });

    it('A9.reset-password.link-24-hours, API.password.reset-link-24-hours: A9 validate-reset-token: the link expires after 24 hours', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      t.clock.advance(24 * 60 * 60 * 1000 - 1);
      expect((await post('/v1/auth/password/validate-reset-token', { user_id: userId, token })).statusCode).toBe(200);
      t.clock.advance(1);
      expect((await post('/v1/auth/password/validate-reset-token', { user_id: userId, token })).statusCode).toBe(400);
    });

    it('A8 validate-reset-token: missing parameters answer 400 with the missing-parameters message', async () => {
      const res = await post('/v1/auth/password/validate-reset-token', { user_id: '', token: '' });
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors?.token).toEqual([passwordMessages.resetMissingParams]);
    });
  });

  describe('A7 POST /v1/auth/password/reset-password', () => {
    it('A5 reset-password: fewer than 12 characters is rejected', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      const res = await post('/v1/auth/password/reset-password', {
        user_id: userId,
        token,
        new_password: 'Sh0rt!pass',
        confirm_password: 'Sh0rt!pass',
      });
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors?.new_password).toEqual([passwordMessages.weakPassword]);
    });

    it('A5 reset-password: a password without a digit, upper, lower or symbol is rejected', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      for (const pw of ['NoDigitsHere!!', 'nouppercase1!!', 'NOLOWERCASE1!!', 'NoSymbolsHere12']) {
        const res = await post('/v1/auth/password/reset-password', { user_id: userId, token, new_password: pw, confirm_password: pw });
        expect(res.statusCode, pw).toBe(400);
      }
    });

    it('A5.reset-password.character-classes: the symbol must be one of @$!%*?&; another one is refused, one of them beside it is accepted', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      for (const pw of ['Has#Wrong1Symbol', 'Has-Other1Symbol', 'Has_Other1Symbol', 'Has Other1Symbol']) {
        const res = await post('/v1/auth/password/reset-password', { user_id: userId, token, new_password: pw, confirm_password: pw });
        expect(res.statusCode, pw).toBe(400);
        expect(problem(res).errors?.new_password, pw).toEqual([passwordMessages.weakPassword]);
      }
      // Nothing was changed by the refusals: the link still works, and takes a spec symbol.
      const pw = 'Has#Other1Symbol%';
      const res = await post('/v1/auth/password/reset-password', { user_id: userId, token, new_password: pw, confirm_password: pw });
      expect(res.statusCode).toBe(200);
    });

    it('API.security.breached-password-refused: reset-password refuses a breached password (password_breached on new_password) and keeps the link usable', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      const refused = await post('/v1/auth/password/reset-password', {
        user_id: userId,
        token,
        new_password: 'P@ssw0rd2024!',
        confirm_password: 'P@ssw0rd2024!',
      });
      expect(refused.statusCode).toBe(400);
      expect(problem(refused)).toMatchObject({ code: 'password_breached', errors: { new_password: [passwordPolicyMessages.breached] } });
      const valid = await post('/v1/auth/password/validate-reset-token', { user_id: userId, token });
      expect(valid.statusCode).toBe(200);
    });

    it('A5 reset-password: a different confirmation answers "Passwords do not match."', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      const res = await post('/v1/auth/password/reset-password', {
        user_id: userId,
        token,
        new_password: NEW_PASSWORD,
        confirm_password: `${NEW_PASSWORD}x`,
      });
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors?.confirm_password).toEqual([passwordMessages.passwordsDoNotMatch]);
    });

    it('API.password.reset-revokes-sessions, API.password.reset-link-single-use, API.password.reset-mails-notice, API.auth.session-checked-each-call: A7 reset-password: sets the new password, revokes every session and spends the link', async () => {
      const { client, user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      const res = await post('/v1/auth/password/reset-password', {
        user_id: userId,
        token,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);

      expect((await client.get('/v1/users/me')).statusCode).toBe(401);
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(401);
      expect((await post('/v1/auth/login', { email: user.email, password: STRONG_PASSWORD })).statusCode).toBe(401);
      expect((await post('/v1/auth/login', { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);

      const again = await post('/v1/auth/password/reset-password', {
        user_id: userId,
        token,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(again.statusCode).toBe(400);
      expect(problem(again).code).toBe('reset_token_invalid');
      expect((await t.outbox()).some((m) => m.to === user.email && /password was changed/.test(m.subject ?? ''))).toBe(true);
    });

    it('A7 reset-password: an expired link is refused and the password stays unchanged', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      t.clock.advance(24 * 60 * 60 * 1000);
      const res = await post('/v1/auth/password/reset-password', {
        user_id: userId,
        token,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect((await post('/v1/auth/login', { email: user.email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    });

    it('API.auth.x-auth-method-exempt-calls: A6 reset-password: is exempt from X-Auth-Method', async () => {
      const { user } = await registerIndividual(t);
      const { userId, token } = await resetLinkFor(user.email);
      const res = await anon().post(
        '/v1/auth/password/reset-password',
        { user_id: userId, token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        { authHeader: false },
      );
      expect(res.statusCode).toBe(200);
    });

    it('API.password.reset-spends-links: a reset with one link spends the other outstanding links too', async () => {
      const { user } = await registerIndividual(t);
      const first = await resetLinkFor(user.email);
      t.clock.advance(1000);
      await post('/v1/auth/password/forgot-password', { email: user.email });
      const second = (await t.outbox()).find((m) => m.to === user.email && m.link && !m.link.includes(first.token))!;
      const token = new URL(second.link!).searchParams.get('token')!;
      const body = { user_id: user.id, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };
      expect((await post('/v1/auth/password/reset-password', { ...body, token })).statusCode).toBe(200);
      const stale = await post('/v1/auth/password/validate-reset-token', { user_id: user.id, token: first.token });
      expect(stale.statusCode).toBe(400);
      expect(problem(stale).code).toBe('reset_token_invalid');
    });
  });
});
