import { UNIT, fromUnits, toUnits } from '../../shared/money/units';
import { parseRoles } from '../auth';
import type { Clock } from '../time/timers';
import type { AppDatabase } from '../db/database';
import type { NewUser } from '../db/schema';
import { newId } from '../lib/ids';
import { repositories } from '../repositories';
import { userRow } from '../repositories/user-row';
import { referenceUsdUnits } from './reference-prices';
import { makerSources, takerNames } from './sources';

// The simulator's own accounts: one per market-making source and a few takers. They are users
// of kind 'system' (and role 'system'), created on first start and funded through the exchange
// like any deposit. Login, refresh and password reset refuse that kind as if the account did
// not exist; their password hash is not a hash at all either, so no password matches.

export const SYSTEM_ROLE = 'system';
const EMAIL_DOMAIN = 'sim.ox.invalid';
/** Never a valid argon2 encoding: verification of any password fails. */
const NO_LOGIN = '!no-login';
/** What each account is given of every currency, worth about this many US dollars. */
const FUNDING_USD = '20000000';

export interface SimAccounts {
  /** Source name → user id. */
  readonly makers: ReadonlyMap<string, string>;
  readonly takers: readonly string[];
  /** The market-making source of a user, or undefined for anyone else. */
  sourceOf(userId: string): string | undefined;
}

export type Fund = (userId: string, currency: string, amount: string) => Promise<unknown>;

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function systemUser(name: string, now: number): NewUser {
  const email = `${slug(name)}@${EMAIL_DOMAIN}`;
  return userRow(
    {
      id: newId(),
      email,
      password_hash: NO_LOGIN,
      first_name: name,
      last_name: 'Simulator',
      phone_country_code: '+1',
      phone_number: '',
      account_type: 'corporation',
      account_role: SYSTEM_ROLE,
      email_confirmed: 1,
      phone_confirmed: 1,
      has_submitted_principal_address: 1,
      has_submitted_beneficial_owners: 1,
      account_kind: 'system',
    },
    now,
  );
}

/** How much of a currency one funding gives: FUNDING_USD worth, or null when its price is unknown. */
export function fundingAmount(currency: string): string | null {
  const usd = referenceUsdUnits(currency);
  if (usd === null || usd === 0n) return null;
  return fromUnits((toUnits(FUNDING_USD) * UNIT) / usd);
}

/**
 * Finds the simulator's accounts, creating (and funding, through `fund`) the missing ones when
 * `create` is set. Without it, only accounts of an earlier run are returned.
 */
export async function loadSimAccounts(options: {
  database: AppDatabase;
  clock: Clock;
  create: boolean;
  currencies: readonly string[];
  fund: Fund;
}): Promise<SimAccounts> {
  const repos = repositories(options.database.db);
  const ensure = async (name: string): Promise<string | null> => {
    const existing = await repos.users.findByEmail(`${slug(name)}@${EMAIL_DOMAIN}`);
    // Someone who registered the address themselves is not a system account: never fund or
    // trade as them, and leave the address to them.
    if (existing) return existing.account_kind === 'system' && parseRoles(existing.roles).includes(SYSTEM_ROLE) ? existing.id : null;
    if (!options.create) return null;
    const user = systemUser(name, options.clock.now());
    await repos.users.insert(user);
    for (const currency of options.currencies) {
      const amount = fundingAmount(currency);
      if (amount !== null) await options.fund(user.id, currency, amount);
    }
    return user.id;
  };
  const makers = new Map<string, string>();
  for (const source of makerSources) {
    const id = await ensure(`${source.name} MM`);
    if (id) makers.set(source.name, id);
  }
  const takers: string[] = [];
  for (const name of takerNames) {
    const id = await ensure(name);
    if (id) takers.push(id);
  }
  const byUser = new Map([...makers].map(([source, id]) => [id, source]));
  return { makers, takers, sourceOf: (userId) => byUser.get(userId) };
}
