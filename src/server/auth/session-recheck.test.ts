import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../time/timers';
import { createDatabase, type AppDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { normalizeEmail, repositories } from '../repositories';
import type { AuthenticatedUser } from './authenticate';
import { createSessionRecheck } from './session-recheck';

const ACCESS_MS = 15 * 60_000;
const LIFETIME_MS = 30 * 24 * 60 * 60_000;
const LOGIN_AT = 1_700_000_000_000;

let dir: string;
let database: AppDatabase;
let now = LOGIN_AT;
const clock: Clock = { now: () => now };

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-recheck-'));
  database = createDatabase({ dataDir: dir });
  await migrateToLatest(database);
  now = LOGIN_AT;
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function userWithSession(kind: 'customer' | 'demo' | 'system' = 'customer'): Promise<AuthenticatedUser> {
  const id = `user-${kind}`;
  const email = `${kind}@example.com`;
  const repos = repositories(database.db);
  await repos.users.insert({
    id,
    email,
    email_normalized: normalizeEmail(email),
    password_hash: 'x',
    first_name: 'A',
    last_name: 'B',
    phone_country_code: '+1',
    phone_number: '2025550100',
    account_type: 'individual',
    account_role: 'client',
    account_purpose: 'Investing',
    roles: JSON.stringify(['client']),
    email_confirmed: 1,
    phone_confirmed: 1,
    has_submitted_principal_address: 0,
    has_submitted_beneficial_owners: 0,
    enhanced_due_diligence_required: 0,
    individual_details: null,
    business_details: null,
    principal_place_country: null,
    principal_place_state: null,
    principal_place_address: null,
    principal_place_city: null,
    principal_place_postal_code: null,
    created_at: LOGIN_AT,
    updated_at: LOGIN_AT,
    account_kind: kind,
  });
  await repos.sessions.create({
    id: `session-${kind}`,
    user_id: id,
    created_at: LOGIN_AT,
    last_used_at: LOGIN_AT,
    revoked_at: null,
    revoked_reason: null,
    user_agent: null,
    ip: null,
  });
  return {
    id,
    email,
    account_type: 'individual',
    roles: ['client'],
    session_id: `session-${kind}`,
    via: 'query',
    expiresAt: LOGIN_AT + ACCESS_MS,
  };
}

const recheck = (demoLogin = false) =>
  createSessionRecheck({ database, clock, timings: { accessTtlMs: ACCESS_MS, absoluteLifetimeMs: LIFETIME_MS }, demoLogin });

describe('API.security.hub-recheck-at-token-expiry: the session behind an expired access token, checked again', () => {
  it('a live session gets another access-token lifetime, with the user read afresh and the way it was presented kept', async () => {
    const caller = await userWithSession();
    now = LOGIN_AT + ACCESS_MS;
    await database.db
      .updateTable('users')
      .set({ roles: JSON.stringify(['client', 'trader']) })
      .where('id', '=', caller.id)
      .execute();
    expect(await recheck()(caller)).toEqual({ ...caller, roles: ['client', 'trader'], expiresAt: now + ACCESS_MS });
  });

  it('API.security.absolute-session-lifetime-30-days: never past the session end, and nothing at or after it', async () => {
    const caller = await userWithSession();
    now = LOGIN_AT + LIFETIME_MS - 60_000;
    expect((await recheck()(caller))?.expiresAt).toBe(LOGIN_AT + LIFETIME_MS);
    now = LOGIN_AT + LIFETIME_MS;
    expect(await recheck()(caller)).toBeNull();
  });

  it('a revoked session, a session of another user, an unknown session or a deleted user: nothing', async () => {
    const caller = await userWithSession();
    expect(await recheck()({ ...caller, session_id: 'no-such-session' })).toBeNull();
    expect(await recheck()({ ...caller, id: 'someone-else' })).toBeNull();
    await repositories(database.db).sessions.revoke(caller.session_id, now, 'logout');
    expect(await recheck()(caller)).toBeNull();

    const other = await userWithSession('demo');
    await database.db.deleteFrom('sessions').where('user_id', '=', other.id).execute();
    await database.db.deleteFrom('users').where('id', '=', other.id).execute();
    expect(await recheck(true)(other)).toBeNull();
  });

  it('API.security.system-accounts-no-sign-in, API.security.demo-user-dev-only: a system account never, the demo account only with the dev setting', async () => {
    expect(await recheck()(await userWithSession('system'))).toBeNull();
    const demo = await userWithSession('demo');
    expect(await recheck(false)(demo)).toBeNull();
    expect(await recheck(true)(demo)).not.toBeNull();
  });
});
