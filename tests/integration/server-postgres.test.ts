import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIndividualDetails } from '../../src/server/accounts/id-numbers';
import { ACCESS_COOKIE } from '../../src/server/auth';
import { m0130SealedIdNumbers } from '../../src/server/db/migrations/0130_sealed_id_numbers';
import { createTextSealer } from '../../src/server/lib/sealed-text';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed';
import { Client, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { postgresReachable, storeTag, usePostgresDatabase } from '../support/postgres';

// The same server on PostgreSQL, in a throwaway database on the test server (TEST_DATABASE_URL or
// the local one); skipped, saying so, when none answers.
describe.skipIf(!postgresReachable)(`${storeTag('postgres')} server on PostgreSQL (DATABASE_URL)`, () => {
  const throwaway = usePostgresDatabase();
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ seed: true, config: { databaseUrl: throwaway.url } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('CORE.db.postgres: migrates, seeds and logs the demo user in', async () => {
    expect(t.app.ctx.database.dialect).toBe('postgres');
    const res = await new Client(t.app).post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('CORE.db.postgres: registers, rotates refresh tokens and detects reuse', async () => {
    const { client } = await registerIndividual(t);
    const old = client.jar.clone();
    expect((await client.post('/v1/auth/refresh-token')).statusCode).toBe(200);
    t.clock.advance(11_000);
    expect((await new Client(t.app, old).post('/v1/auth/refresh-token')).statusCode).toBe(401);
    expect((await client.get('/v1/users/me')).statusCode).toBe(401);
  });

  it('CORE.db.postgres: refuses a duplicate email with 409 and verifies a code from the outbox', async () => {
    const { client, payload, user } = await registerIndividual(t);
    const dup = await new Client(t.app).post('/v1/users/register', { ...payload, email: payload.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    await client.post('/v1/auth/verification-code/email/request');
    const code = (await t.outbox()).find((m) => m.to === user.email)!.code;
    expect((await client.post('/v1/auth/verification-code/email/confirm', { code })).statusCode).toBe(200);
    expect(client.jar.get(ACCESS_COOKIE)).toBeTruthy();
  });

  it('API.security.verification-attempts-kept, API.security.account-writes-under-load: 20 wrong verification codes sent at once are compared 5 times at most, and a new code does not restore the budget', async () => {
    const { client, user } = await registerIndividual(t);
    await client.post('/v1/auth/verification-code/email/request');
    const code = (await t.outbox()).find((m) => m.to === user.email)!.code!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/v1/auth/verification-code/email/confirm', { code: wrong })),
    );
    const codes = answers.map((res) => (res.json() as { code: string }).code);
    expect(codes.filter((c) => c === 'verification_code_incorrect')).toHaveLength(5);
    expect(codes.filter((c) => c === 'verification_attempts_exceeded')).toHaveLength(15);
    await client.post('/v1/auth/verification-code/email/request');
    const fresh = (await t.outbox()).find((m) => m.to === user.email)!.code;
    const res = await client.post('/v1/auth/verification-code/email/confirm', { code: fresh });
    expect((res.json() as { code: string }).code).toBe('verification_attempts_exceeded');
  });

  it('CORE.db.postgres: rereads epoch-millisecond columns as numbers', async () => {
    const row = await t.app.ctx.database.db.selectFrom('sessions').select('created_at').executeTakeFirstOrThrow();
    expect(typeof row.created_at).toBe('number');
  });

  it('API.security.id-numbers-encrypted: stores ID numbers sealed, and 0130 seals ones an older version stored in clear', async () => {
    const db = t.app.ctx.database.db;
    const sealer = createTextSealer(t.app.ctx.keys.idNumbers);
    const { user } = await registerIndividual(t);
    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.individual_details).not.toContain('123-45-6789');
    expect(readIndividualDetails(row, sealer)?.id_number).toBe('123-45-6789');

    // What an older version left: the number in clear.
    const legacy = JSON.stringify({ ...JSON.parse(row.individual_details!), id_number: '078-05-1120' });
    await db.updateTable('users').set({ individual_details: legacy }).where('id', '=', user.id).execute();
    await m0130SealedIdNumbers.up(db, { dialect: 'postgres', keys: t.app.ctx.keys });
    const sealed = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(sealed.individual_details).not.toContain('078-05-1120');
    expect(readIndividualDetails(sealed, sealer)?.id_number).toBe('078-05-1120');
  });
});
