import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openBeneficialOwner, readIndividualDetails } from '../../src/server/accounts/id-numbers';
import { loadOrCreateKeys, SECRET_FILE } from '../../src/server/auth/keys';
import { createDatabase, sqliteFile, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest, migrationProvider } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { createTextSealer, looksSealed } from '../../src/server/lib/sealed-text';
import { DEMO_EMAIL } from '../../src/server/seed';
import { beneficialOwner, Client, corporationRegistration, registerIndividual, startApp, type TestApp } from './accounts-harness';

// Data at rest: who may read DATA_DIR, and what a copy of the database reveals.

const SSN = '123-45-6789';
const OWNER_PASSPORT = 'P1234567';
const OWNER_SSN = '078-05-1120';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

let t: TestApp | undefined;
let database: AppDatabase | undefined;
const scratch: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  await database?.close();
  database = undefined;
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-at-rest-'));
  scratch.push(dir);
  return dir;
}

/** Every byte SQLite keeps for the database: the file, its WAL and its shared-memory index. */
function rawDatabaseBytes(dataDir: string): Buffer {
  const file = sqliteFile(dataDir);
  return Buffer.concat([file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
}

function expectNotInClear(bytes: Buffer, secrets: readonly string[]): void {
  for (const secret of secrets) {
    expect(bytes.includes(Buffer.from(secret, 'utf8')), secret).toBe(false);
    expect(bytes.includes(Buffer.from(secret.replace(/-/g, ''), 'utf8')), secret).toBe(false);
  }
}

describe('DATA_DIR permissions', () => {
  it('API.security.data-dir-private: DATA_DIR is created 0700; the database, its -wal and -shm, and secret.key are created 0600, even under umask 000', async () => {
    const dataDir = path.join(tempRoot(), 'nested', 'data');
    const previous = process.umask(0o000);
    try {
      t = await startApp({ dataDir });
      await registerIndividual(t);
    } finally {
      process.umask(previous);
    }
    const file = sqliteFile(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`, path.join(dataDir, SECRET_FILE)]) {
      expect(fs.existsSync(f), f).toBe(true);
      expect(mode(f), f).toBe(0o600);
    }
  });

  it('API.security.data-dir-private: an existing DATA_DIR and files open to others are narrowed to the owner at start, their content kept', async () => {
    const first = await startApp({ dataDir: path.join(tempRoot(), 'data') });
    const { payload } = await registerIndividual(first);
    await first.close({ keepData: true });
    const { dataDir } = first;
    const file = sqliteFile(dataDir);
    fs.chmodSync(dataDir, 0o777);
    for (const f of [file, path.join(dataDir, SECRET_FILE)]) fs.chmodSync(f, 0o666);

    t = await startApp({ dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.join(dataDir, SECRET_FILE))).toBe(0o600);
    const login = await new Client(t.app).post('/v1/auth/login', { email: payload.email, password: payload.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('ID numbers at rest', () => {
  it('API.security.id-numbers-encrypted: registration stores SSN and passport numbers sealed: not in the raw database bytes, yet readable with the key', async () => {
    t = await startApp({ dataDir: path.join(tempRoot(), 'data') });
    const individual = await registerIndividual(t);
    const corp = new Client(t.app);
    const corpPayload = corporationRegistration({
      beneficial_owners: [
        beneficialOwner({ id_number: OWNER_PASSPORT }),
        beneficialOwner({
          email: 'alan@example.com',
          id_country_code: 'US',
          id_type: 'ssn',
          id_number: OWNER_SSN,
          residential_country_code: 'US',
          residential_state: 'NY',
        }),
      ],
    });
    expect((await corp.post('/v1/users/register', corpPayload, { authHeader: false })).statusCode).toBe(200);
    const db = t.app.ctx.database.db;
    const sealer = createTextSealer(t.app.ctx.keys.idNumbers);

    const user = await db.selectFrom('users').selectAll().where('id', '=', individual.user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(user.individual_details!).id_number).toSatisfy(looksSealed);
    expect(readIndividualDetails(user, sealer)).toMatchObject({ id_type: 'ssn', id_number: SSN, dob: '1990-05-17' });

    const corpUser = await db.selectFrom('users').select('id').where('email', '=', corpPayload.email).executeTakeFirstOrThrow();
    const owners = await t.app.ctx.database.db
      .selectFrom('beneficial_owners')
      .selectAll()
      .where('user_id', '=', corpUser.id)
      .orderBy('position')
      .execute();
    expect(owners.map((o) => looksSealed(o.id_number))).toEqual([true, true]);
    expect(owners.map((o) => openBeneficialOwner(o, sealer).id_number)).toEqual([OWNER_PASSPORT, OWNER_SSN]);

    // The owners step replaces the list; the new numbers are sealed too.
    const replaced = await corp.put('/v1/users/beneficial-owners', [beneficialOwner({ id_number: 'Q7654321' })]);
    expect(replaced.statusCode).toBe(200);

    await t.close({ keepData: true });
    const dataDir = t.dataDir;
    t = undefined;
    expectNotInClear(rawDatabaseBytes(dataDir), [SSN, OWNER_PASSPORT, OWNER_SSN, 'Q7654321']);

    // After a restart the key comes from DATA_DIR/secret.key and still opens them.
    t = await startApp({ dataDir });
    const again = await t.app.ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', individual.user.id)
      .executeTakeFirstOrThrow();
    expect(readIndividualDetails(again, createTextSealer(t.app.ctx.keys.idNumbers))?.id_number).toBe(SSN);
  });

  it('API.security.id-numbers-encrypted: the seeded demo user has its passport number sealed like everybody else', async () => {
    t = await startApp({ seed: true });
    const demo = await t.app.ctx.database.db.selectFrom('users').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(demo.individual_details).not.toContain('X0000000');
    expect(readIndividualDetails(demo, createTextSealer(t.app.ctx.keys.idNumbers))?.id_number).toBe('X0000000');
  });
});

describe('API.security.id-numbers-encrypted: 0130_sealed_id_numbers', () => {
  const before = migrations.filter((m) => m.name < '0130_sealed_id_numbers');
  // Up to this migration: later ones are not what these tests are about.
  const through = migrations.filter((m) => m.name <= '0130_sealed_id_numbers');

  function userRow(id: string, idNumber: string) {
    return {
      id,
      email: `${id}@example.com`,
      email_normalized: `${id}@example.com`,
      password_hash: 'x',
      first_name: 'Old',
      last_name: 'Row',
      phone_country_code: '+1',
      phone_number: '2025550100',
      account_type: 'individual',
      account_role: 'client',
      account_purpose: 'Investing',
      roles: '["client"]',
      email_confirmed: 0,
      phone_confirmed: 0,
      has_submitted_principal_address: 0,
      has_submitted_beneficial_owners: 0,
      enhanced_due_diligence_required: 0,
      individual_details: JSON.stringify({
        dob: '1980-02-03',
        residential_country_code: 'US',
        id_type: 'ssn',
        id_number: idNumber,
        id_country_code: 'US',
      }),
      created_at: 1,
      updated_at: 1,
    };
  }

  function ownerRow(id: string, userId: string, idNumber: string) {
    const o = beneficialOwner({ id_number: idNumber });
    return { ...o, id, user_id: userId, position: 0, created_at: 1 };
  }

  /** A database as an older version left it: ID numbers in clear. */
  async function legacyDatabase(dataDir: string, users: number): Promise<AppDatabase> {
    const db = createDatabase({ dataDir });
    await migrateToLatest(db, { migrations: before });
    for (let i = 0; i < users; i += 1) {
      const id = `user-${String(i).padStart(4, '0')}`;
      await db.db
        .insertInto('users')
        .values(userRow(id, `900-00-${String(1000 + i)}`))
        .execute();
      await db.db
        .insertInto('beneficial_owners')
        .values(ownerRow(`owner-${id}`, id, `PX${String(100000 + i)}`))
        .execute();
    }
    // A business without individual details, and an owner list row already in the new form, are left alone.
    await db.db
      .insertInto('users')
      .values({ ...userRow('corp', ''), individual_details: null })
      .execute();
    return db;
  }

  it('encrypts the ID numbers already stored (more than one page of rows), leaves no clear copy in the file, and is idempotent', async () => {
    const dataDir = path.join(tempRoot(), 'data');
    const keys = loadOrCreateKeys(dataDir);
    database = await legacyDatabase(dataDir, 620);
    expect(rawDatabaseBytes(dataDir).includes(Buffer.from('900-00-1000'))).toBe(true);

    const applied = await migrateToLatest(database, { keys, migrations: through });
    expect(applied.map((r) => r.migrationName)).toEqual(['0130_sealed_id_numbers']);
    const sealer = createTextSealer(keys.idNumbers);
    const users = await database.db.selectFrom('users').selectAll().where('individual_details', 'is not', null).orderBy('id').execute();
    expect(users).toHaveLength(620);
    expect(users.map((u) => readIndividualDetails(u, sealer)!.id_number)).toEqual(users.map((_, i) => `900-00-${1000 + i}`));
    const owners = await database.db.selectFrom('beneficial_owners').selectAll().orderBy('id').execute();
    expect(owners.map((o) => openBeneficialOwner(o, sealer).id_number)).toEqual(owners.map((_, i) => `PX${100000 + i}`));
    expect(
      (await database.db.selectFrom('users').select('individual_details').where('id', '=', 'corp').executeTakeFirst())?.individual_details,
    ).toBeNull();

    // Run again (a crash between the work and the bookkeeping): what is sealed stays as it is.
    const sealedOnce = users[0]!.individual_details;
    await migrations.find((m) => m.name === '0130_sealed_id_numbers')!.up(database.db, { dialect: 'sqlite', keys });
    expect(
      (await database.db.selectFrom('users').select('individual_details').where('id', '=', users[0]!.id).executeTakeFirst())
        ?.individual_details,
    ).toBe(sealedOnce);

    await database.close();
    database = undefined;
    const bytes = rawDatabaseBytes(dataDir);
    expectNotInClear(bytes, ['900-00-1000', '900-00-1619', 'PX100000', 'PX100619']);
  });

  it('down opens them again', async () => {
    const dataDir = path.join(tempRoot(), 'data');
    const keys = loadOrCreateKeys(dataDir);
    database = await legacyDatabase(dataDir, 2);
    await migrateToLatest(database, { keys, migrations: through });
    const migrator = new Migrator({ db: database.db, provider: migrationProvider(database, through, keys) });
    const { error } = await migrator.migrateDown();
    expect(error).toBeUndefined();
    const row = await database.db.selectFrom('users').select('individual_details').where('id', '=', 'user-0000').executeTakeFirstOrThrow();
    expect(JSON.parse(row.individual_details!).id_number).toBe('900-00-1000');
  });

  it('refuses to run without the keys when there is something to encrypt', async () => {
    database = await legacyDatabase(path.join(tempRoot(), 'data'), 1);
    await expect(migrateToLatest(database)).rejects.toThrow(/needs the server keys/);
  });
});
