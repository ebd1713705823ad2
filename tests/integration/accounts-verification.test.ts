import { createHash, createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verificationMessages } from '../../src/shared/messages';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';
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

  type Channel = 'email' | 'phone';

  async function requestCode(client: Client, channel: Channel, to: string) {
    const res = await client.post(`/v1/auth/verification-code/${channel}/request`);
    expect(res.statusCode).toBe(200);
    const message = (await t.outbox()).find((m) => m.to === to && m.code);
    expect(message).toBeDefined();
    return { res, message: message! };
  }

  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  describe.each<Channel>(['email', 'phone'])('A7 %s verification', (channel) => {
    const flag = channel === 'email' ? 'email_confirmed' : 'phone_confirmed';
    const destination = (user: { email: string }) => (channel === 'email' ? user.email : '+12025550100');

    it(`API.verification.code-6-digits: A7 ${channel} request: sends a 6-digit code (${channel === 'email' ? 'mail' : 'SMS'}) through the outbox`, async () => {
      const { client, user } = await registerIndividual(t);
      const { res, message } = await requestCode(client, channel, destination(user));
      expect(message.code).toMatch(/^\d{6}$/);
      expect(message.channel).toBe(channel === 'email' ? 'email' : 'sms');
      expect(message.body).toContain(message.code!);
      expect(res.json().success).toBe(true);
      expect(typeof res.json().message).toBe('string');
    });

    it(`API.verification.confirm-sets-flag: A7 ${channel} confirm: the right code sets ${flag}`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: ` ${message.code} ` });
      expect(res.statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).json()[flag]).toBe(true);
    });

    it(`A8 ${channel} confirm: a wrong code answers 400 "The entered verification code is incorrect. Please try again."`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: wrong(message.code!) });
      expect(res.statusCode).toBe(400);
      expect(problem(res)).toMatchObject({ code: 'verification_code_incorrect', detail: verificationMessages.codeIncorrect });
      expect((await client.get('/v1/users/me')).json()[flag]).toBe(false);
    });

    it(`API.errors.verification-code-expired-400, API.verification.expires-10-minutes: A9 ${channel} confirm: a code expires after 10 minutes`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      t.clock.advance(10 * 60 * 1000);
      const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: message.code });
      expect(res.statusCode).toBe(400);
      expect(problem(res).code).toBe('verification_code_expired');
    });

    it(`API.security.verification-attempts-kept, API.errors.verification-attempts-exceeded-400, API.errors.verification-code-incorrect-400: ${channel} confirm: after 5 wrong attempts even the right code is refused, and a new code does not restore them until 15 minutes have passed`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      for (let i = 0; i < 5; i += 1) {
        t.clock.advance(1000);
        const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: wrong(message.code!) });
        expect(problem(res).code).toBe('verification_code_incorrect');
      }
      const blocked = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: message.code });
      expect(blocked.statusCode).toBe(400);
      expect(problem(blocked)).toMatchObject({
        code: 'verification_attempts_exceeded',
        detail: 'Too many incorrect attempts. Please request a new verification code.',
      });
      // The window began with the first wrong attempt, 4 s ago.
      expect(blocked.headers['retry-after']).toBe(String(15 * 60 - 4));

      // A new code is sent, but the budget stays spent.
      await client.post(`/v1/auth/verification-code/${channel}/request`);
      const fresh = (await t.outbox()).find((m) => m.to === destination(user) && m.code)!;
      expect(fresh.id).not.toBe(message.id);
      const still = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: fresh.code });
      expect(problem(still).code).toBe('verification_attempts_exceeded');

      // Once the window is over, a new code may be tried again.
      t.clock.advance(15 * 60 * 1000);
      expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      await client.post(`/v1/auth/verification-code/${channel}/request`);
      const later = (await t.outbox()).find((m) => m.to === destination(user) && m.code)!;
      const ok = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: later.code });
      expect(ok.statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).json()[flag]).toBe(true);
    });

    it(`API.security.verification-attempts-kept: ${channel} confirm: wrong attempts on earlier codes count against the same budget`, async () => {
      const { client, user } = await registerIndividual(t);
      const burnt: string[] = [];
      for (let round = 0; round < 3; round += 1) {
        const { message } = await requestCode(client, channel, destination(user));
        const tries = round < 2 ? 2 : 1;
        for (let i = 0; i < tries; i += 1) {
          const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: wrong(message.code!) });
          burnt.push(problem(res).code!);
        }
      }
      // 2 + 2 + 1 = 5 wrong attempts over three codes: the budget is spent.
      expect(burnt).toEqual(Array(5).fill('verification_code_incorrect'));
      const { message } = await requestCode(client, channel, destination(user));
      const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: message.code });
      expect(problem(res).code).toBe('verification_attempts_exceeded');
    });

    it(`API.security.verification-attempts-kept: ${channel} confirm: 20 wrong codes sent at once are compared 5 times at most`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: wrong(message.code!) })),
      );
      const codes = answers.map((res) => problem(res).code);
      expect(codes.filter((c) => c === 'verification_code_incorrect')).toHaveLength(5);
      expect(codes.filter((c) => c === 'verification_attempts_exceeded')).toHaveLength(15);
    });

    it(`API.verification.new-code-replaces: A7 ${channel} request: a new code replaces the previous one`, async () => {
      const { client, user } = await registerIndividual(t);
      const first = (await requestCode(client, channel, destination(user))).message;
      t.clock.advance(1000);
      await client.post(`/v1/auth/verification-code/${channel}/request`);
      const second = (await t.outbox()).find((m) => m.to === destination(user) && m.code)!;
      expect(second.id).not.toBe(first.id);
      if (first.code !== second.code) {
        const old = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: first.code });
        expect(old.statusCode).toBe(400);
      }
      expect((await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: second.code })).statusCode).toBe(200);
    });

    it(`A5 ${channel} confirm: an empty code answers 400 "A verification code is required to proceed."`, async () => {
      const { client } = await registerIndividual(t);
      for (const body of [{ code: '   ' }, {}, { code: 123456 }]) {
        const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, body);
        expect(res.statusCode).toBe(400);
        expect(problem(res).errors?.code).toEqual([verificationMessages.codeRequired]);
      }
    });

    it(`API.errors.verification-code-missing-400: A7 ${channel} confirm: without a requested code answers 400`, async () => {
      const { client } = await registerIndividual(t);
      const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: '123456' });
      expect(res.statusCode).toBe(400);
      expect(problem(res).code).toBe('verification_code_missing');
    });

    it(`API.errors.already-verified-409, API.verification.already-verified: A7 ${channel} request: an already verified ${channel} answers 409`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: message.code });
      const res = await client.post(`/v1/auth/verification-code/${channel}/request`);
      expect(res.statusCode).toBe(409);
      expect(problem(res).code).toBe('already_verified');
    });

    it(`A6 ${channel} request and confirm: need a session and X-Auth-Method`, async () => {
      const anon = new Client(t.app);
      expect((await anon.post(`/v1/auth/verification-code/${channel}/request`)).statusCode).toBe(401);
      expect((await anon.post(`/v1/auth/verification-code/${channel}/confirm`, { code: '123456' })).statusCode).toBe(401);
      const { client } = await registerIndividual(t);
      expect((await client.post(`/v1/auth/verification-code/${channel}/request`, undefined, { authHeader: false })).statusCode).toBe(403);
    });
    it(`API.errors.verification-code-incorrect-400, API.verification.wrong-code-text: ${channel} confirm: a wrong code names the code field with the spec sentence`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: wrong(message.code!) });
      const text = 'The entered verification code is incorrect. Please try again.';
      expect(res.statusCode).toBe(400);
      expect(problem(res)).toMatchObject({ detail: text, errors: { code: [text] } });
    });

    it(`API.errors.already-verified-409, API.verification.already-verified: ${channel} confirm: a verified ${channel} answers 409`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      expect((await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: message.code })).statusCode).toBe(200);
      const res = await client.post(`/v1/auth/verification-code/${channel}/confirm`, { code: message.code });
      expect(res.statusCode).toBe(409);
      expect(problem(res).code).toBe('already_verified');
    });

    it(`API.verification.codes-hashed: ${channel} request: the code is stored as a keyed hash, not as the code or its plain hash`, async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, channel, destination(user));
      const row = await t.app.ctx.database.db
        .selectFrom('verification_codes')
        .select('code_hash')
        .where('user_id', '=', user.id)
        .where('channel', '=', channel)
        .executeTakeFirstOrThrow();
      const keyed = createHmac('sha256', t.app.ctx.keys.codes).update(`${user.id}:${channel}:${message.code}`).digest('base64url');
      expect(row.code_hash).toBe(keyed);
      expect(row.code_hash).not.toContain(message.code!);
      expect(row.code_hash).not.toBe(createHash('sha256').update(message.code!).digest('base64url'));
    });
  });

  describe('A7 verification codes are per channel', () => {
    it('API.verification.codes-per-channel: A7 verification: an email code does not confirm the phone', async () => {
      const { client, user } = await registerIndividual(t);
      const { message } = await requestCode(client, 'email', user.email);
      await client.post('/v1/auth/verification-code/phone/request');
      const res = await client.post('/v1/auth/verification-code/phone/confirm', { code: message.code });
      const phoneCode = (await t.outbox()).find((m) => m.channel === 'sms')!.code;
      if (phoneCode !== message.code) expect(res.statusCode).toBe(400);
      expect((await client.get('/v1/users/me')).json().email_confirmed).toBe(false);
    });
  });
});
