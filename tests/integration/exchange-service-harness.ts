import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualTimers } from '../../src/server/time/manual-timers';
import { createDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createExchange, type Exchange, type ExchangeOptions } from '../../src/server/exchange/exchange';
import { usersRepository } from '../../src/server/repositories/users';
import { userRow } from '../../src/server/repositories/user-row';
import { seedCurrencies, seedPairs } from '../../src/server/seed';
import { marketsRepository } from '../../src/server/repositories/markets';
import { openTestStore, type TestStore } from '../support/postgres';

// The exchange service without HTTP: a migrated database with the seeded currencies and pairs,
// users inserted directly, and a manual clock. For property and recovery tests that need many
// operations or to reopen the same data.

export type ServiceClock = ManualTimers;

export interface ServiceWorld {
  dataDir: string;
  store: TestStore;
  /** The throwaway PostgreSQL database (pass it to `openWorld` to reopen the same data). */
  databaseUrl: string | undefined;
  database: AppDatabase;
  clock: ServiceClock;
  exchange: Exchange;
  /** Stops the exchange and closes the database (the data directory stays unless `remove`). */
  close(options?: { remove?: boolean }): Promise<void>;
}

export async function openWorld(
  options: {
    dataDir?: string;
    clock?: ServiceClock;
    exchange?: Partial<Omit<ExchangeOptions, 'database' | 'clock'>>;
    store?: TestStore;
    databaseUrl?: string | undefined;
  } = {},
): Promise<ServiceWorld> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ox-exchange-'));
  const store = options.store ?? (options.databaseUrl ? 'postgres' : 'sqlite');
  const storage = await openTestStore(store, options.databaseUrl);
  const database = createDatabase({ dataDir, databaseUrl: storage.databaseUrl });
  await migrateToLatest(database);
  const markets = marketsRepository(database.db);
  await markets.insertMissingCurrencies(seedCurrencies);
  await markets.insertMissingPairs(seedPairs);
  const clock = options.clock ?? new ManualTimers(Date.UTC(2025, 0, 1, 12));
  const exchange = createExchange({ database, clock, timerIntervalMs: 0, ...options.exchange });
  await exchange.start();
  return {
    dataDir,
    store,
    databaseUrl: storage.databaseUrl,
    database,
    clock,
    exchange,
    async close({ remove = false } = {}) {
      await exchange.stop();
      await database.close();
      await storage.release({ keep: !remove });
      if (remove) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a user row (balances and orders reference users). */
export async function addUser(database: AppDatabase, id: string): Promise<string> {
  await usersRepository(database.db).insert(
    userRow(
      {
        id,
        email: `${id}@example.com`,
        password_hash: 'not-a-hash',
        first_name: 'Test',
        last_name: id,
        phone_country_code: '+1',
        phone_number: '2025550100',
        account_type: 'individual',
        account_role: 'client',
        email_confirmed: 1,
        phone_confirmed: 1,
      },
      0,
    ),
  );
  return id;
}
