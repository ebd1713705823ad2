import { canonicalDecimal } from '../../shared/money/units';
import { individualDetailsJson } from '../accounts/id-numbers';
import { hashPassword, type ServerKeys } from '../auth';
import type { Clock } from '../time/timers';
import type { AppDatabase } from '../db/database';
import { newId } from '../lib/ids';
import { createTextSealer } from '../lib/sealed-text';
import { inTransaction, repositories } from '../repositories';
import { userRow } from '../repositories/user-row';
import { seedCandleHistory } from './candle-history';
import { DEMO_EMAIL, DEMO_PASSWORD, demoBalances, seedCurrencies, seedPairs } from './reference-data';

export interface SeedResult {
  demoUserCreated: boolean;
  /** The demo account is in the database (created now or by an earlier run). */
  demoUserExists: boolean;
}

export interface SeedOptions {
  /** Create the demo account (published password): only with the dev setting. */
  demoUser: boolean;
  /** The server's keys: the demo user's ID number is stored sealed like everybody's. */
  keys: ServerKeys;
  /** Give pairs without a past a generated one (a simulated market only: SIM_RATE > 0). */
  candleHistory?: boolean;
}

/**
 * Fills an empty exchange: currencies, pairs and, when asked, a verified, funded demo user.
 * Idempotent: rows that exist are left alone, so a restart never resets anybody's balances.
 */
export async function seed(database: AppDatabase, clock: Clock, options: SeedOptions): Promise<SeedResult> {
  const result = await seedAccounts(database, clock, options);
  if (options.candleHistory) await seedCandleHistory(database, clock.now());
  return result;
}

async function seedAccounts(database: AppDatabase, clock: Clock, options: SeedOptions): Promise<SeedResult> {
  const hasDemo = !!(await repositories(database.db).users.findByEmail(DEMO_EMAIL));
  const passwordHash = hasDemo || !options.demoUser ? '' : await hashPassword(DEMO_PASSWORD);
  return inTransaction(database, async (repos) => {
    await repos.markets.insertMissingCurrencies(seedCurrencies);
    await repos.markets.insertMissingPairs(seedPairs);
    if (hasDemo || (await repos.users.findByEmail(DEMO_EMAIL))) return { demoUserCreated: false, demoUserExists: true };
    if (!options.demoUser) return { demoUserCreated: false, demoUserExists: false };
    const now = clock.now();
    const id = newId();
    const user = userRow(
      {
        id,
        email: DEMO_EMAIL,
        password_hash: passwordHash,
        first_name: 'Demo',
        last_name: 'Trader',
        phone_country_code: '+1',
        phone_number: '2025550143',
        account_type: 'individual',
        account_role: 'client',
        account_purpose: 'Investing',
        email_confirmed: 1,
        phone_confirmed: 1,
        individual_details: individualDetailsJson(
          {
            dob: '1990-04-12',
            residential_country_code: 'US',
            residential_address: '1 Demo Street',
            residential_city: 'New York',
            residential_state: 'NY',
            residential_postal_code: '10001',
            id_type: 'passport',
            id_number: 'X0000000',
            id_country_code: 'US',
          },
          id,
          createTextSealer(options.keys.idNumbers),
        ),
        account_kind: 'demo',
      },
      now,
    );
    await repos.users.insert(user);
    for (const [currency, amount] of Object.entries(demoBalances)) {
      const value = canonicalDecimal(amount);
      await repos.balances.put({ user_id: user.id, currency, balance: value, available: value, updated_at: now });
    }
    return { demoUserCreated: true, demoUserExists: true };
  });
}
