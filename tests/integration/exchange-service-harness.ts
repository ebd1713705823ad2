import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { manualClock } from '../../src/server/clock';
import { createDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createExchange, type Exchange, type ExchangeOptions } from '../../src/server/exchange/exchange';
import { usersRepository } from '../../src/server/repositories/users';
import { seedCurrencies, seedPairs } from '../../src/server/seed';
import { marketsRepository } from '../../src/server/repositories/markets';

// The exchange service without HTTP: a migrated database with the seeded currencies and pairs,
// users inserted directly, and a manual clock. For property and recovery tests that need many
// operations or to reopen the same data.

export type ServiceClock = ReturnType<typeof manualClock>;

export interface ServiceWorld {
  dataDir: string;
  database: AppDatabase;
  clock: ServiceClock;
  exchange: Exchange;
  /** Stops the exchange and closes the database (the data directory stays unless `remove`). */
  close(options?: { remove?: boolean }): Promise<void>;
}

export async function openWorld(
  options: { dataDir?: string; clock?: ServiceClock; exchange?: Partial<Omit<ExchangeOptions, 'database' | 'clock'>> } = {},
): Promise<ServiceWorld> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ox-exchange-'));
  const database = createDatabase({ dataDir });
  await migrateToLatest(database);
  const markets = marketsRepository(database.db);
  await markets.insertMissingCurrencies(seedCurrencies);
  await markets.insertMissingPairs(seedPairs);
  const clock = options.clock ?? manualClock(Date.UTC(2025, 0, 1, 12));
  const exchange = createExchange({ database, clock, timerIntervalMs: 0, ...options.exchange });
  await exchange.start();
  return {
    dataDir,
    database,
    clock,
    exchange,
    async close({ remove = false } = {}) {
      await exchange.stop();
      await database.close();
      if (remove) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a user row (balances and orders reference users). */
export async function addUser(database: AppDatabase, id: string): Promise<string> {
  await usersRepository(database.db).insert({
    id,
    email: `${id}@example.com`,
    email_normalized: `${id}@example.com`,
    password_hash: 'not-a-hash',
    first_name: 'Test',
    last_name: id,
    phone_country_code: '+1',
    phone_number: '2025550100',
    account_type: 'individual',
    account_role: 'client',
    account_purpose: null,
    roles: '["client"]',
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
    created_at: 0,
    updated_at: 0,
  });
  return id;
}
