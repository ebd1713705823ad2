import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, type AppDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

let database: AppDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function user(id: string, email: string, role: string) {
  return {
    id,
    email,
    email_normalized: email.toLowerCase(),
    password_hash: 'x',
    first_name: 'A',
    last_name: 'B',
    phone_country_code: '+1',
    phone_number: '',
    account_type: 'individual',
    account_role: role,
    roles: JSON.stringify([role]),
    created_at: 0,
    updated_at: 0,
  };
}

it('0120 account_kind: rows made before it are classified by what made them', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-0120-'));
  database = createDatabase({ dataDir: dir });
  const before = migrations.filter((m) => m.name < '0120');
  await migrateToLatest(database, before);
  // The schema before 0120, which the typed handle no longer describes.
  const db = database.db as unknown as Kysely<any>;
  await db
    .insertInto('users')
    .values([
      user('sim', 'binance-mm@sim.ox.invalid', 'system'),
      user('demo', 'Demo@ox.exchange', 'client'),
      user('ada', 'ada@example.com', 'client'),
      // A person who took a simulator-like address is still a person.
      user('imitator', 'binance-mm@sim.ox.invalid.example.com', 'client'),
    ])
    .execute();
  await migrateToLatest(database);
  const kinds = await database.db.selectFrom('users').select(['id', 'account_kind']).orderBy('id').execute();
  expect(Object.fromEntries(kinds.map((k) => [k.id, k.account_kind]))).toEqual({
    ada: 'customer',
    demo: 'demo',
    imitator: 'customer',
    sim: 'system',
  });
});
