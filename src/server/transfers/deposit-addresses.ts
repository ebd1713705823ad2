import { addressChainOf } from '../../shared/addresses/address-chains';
import type { AppDatabase } from '../db/database';
import { runTransaction } from '../db/transaction';
import { appError } from '../errors';
import type { DepositAddressDeriver } from '../wallets/deposit-address-deriver';

// Deposit addresses handed out (wallets/deposit-address-deriver.ts explains the allocation):
// the next index of a chain is one more than the highest ever given on it, taken in the same
// transaction that stores the row, so two requests can never get the same index.

export interface DepositAddressBook {
  /** The user's newest address of each currency. */
  list(userId: string): Promise<{ currency: string; address: string }[]>;
  /** The user's newest address of `currency`, created when there is none. */
  current(userId: string, currency: string): Promise<string>;
  /** A fresh address of `currency` ("Generate New Address"). */
  create(userId: string, currency: string): Promise<string>;
  /** Whose deposit address this is (the chain watcher's lookup). */
  owner(address: string): Promise<{ userId: string; currency: string } | null>;
}

export function createDepositAddressBook(
  database: AppDatabase,
  deriver: () => DepositAddressDeriver,
  now: () => number,
): DepositAddressBook {
  const db = database.db;

  function chainOf(currency: string) {
    const chain = addressChainOf(currency);
    if (!chain) throw appError('currency_no_address', { errors: { currency: ['This currency has no deposit address.'] } });
    return chain;
  }

  async function allocate(userId: string, currency: string): Promise<string> {
    const chain = chainOf(currency);
    const d = deriver();
    return runTransaction(database, async (trx) => {
      const top = await trx
        .selectFrom('deposit_addresses')
        .select((eb) => eb.fn.max<number | null>('idx').as('max'))
        .where('chain', '=', chain)
        .executeTakeFirst();
      let index = top?.max === null || top?.max === undefined ? 0 : Number(top.max) + 1;
      // BIP32 may (about once in 2^127) have no key at an index: take the next one.
      for (;;) {
        try {
          const address = d.deriveDepositAddress(currency, index);
          await trx
            .insertInto('deposit_addresses')
            .values({
              address,
              user_id: userId,
              currency,
              chain,
              idx: index,
              path: d.derivationPath(currency, index),
              fingerprint: d.fingerprint,
              created_at: now(),
            })
            .execute();
          return address;
        } catch (err) {
          if (err instanceof RangeError) throw err;
          if (err instanceof Error && /no key|invalid/i.test(err.message)) {
            index += 1;
            continue;
          }
          throw err;
        }
      }
    });
  }

  async function newest(userId: string, currency: string): Promise<string | null> {
    const row = await db
      .selectFrom('deposit_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .orderBy('idx', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.address ?? null;
  }

  return {
    async list(userId) {
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['currency', 'address', 'idx'])
        .where('user_id', '=', userId)
        .orderBy('idx', 'desc')
        .execute();
      const seen = new Set<string>();
      const out: { currency: string; address: string }[] = [];
      for (const r of rows) {
        if (seen.has(r.currency)) continue;
        seen.add(r.currency);
        out.push({ currency: r.currency, address: r.address });
      }
      return out.sort((a, b) => a.currency.localeCompare(b.currency));
    },
    async current(userId, currency) {
      chainOf(currency);
      return (await newest(userId, currency)) ?? allocate(userId, currency);
    },
    create: allocate,
    async owner(address) {
      const row = await db
        .selectFrom('deposit_addresses')
        .select(['user_id', 'currency'])
        .where('address', '=', address)
        .executeTakeFirst();
      return row ? { userId: row.user_id, currency: row.currency } : null;
    },
  };
}
