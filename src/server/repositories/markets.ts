import type { Executor } from '../db/database';
import type { CurrencyPairRow, CurrencyRow } from '../db/schema';

/** Currencies and currency pairs (reference data). */
export function marketsRepository(db: Executor) {
  return {
    async listCurrencies(): Promise<CurrencyRow[]> {
      return db.selectFrom('currencies').selectAll().orderBy('sort_order').orderBy('symbol').execute();
    },

    async findCurrency(symbol: string): Promise<CurrencyRow | undefined> {
      return db.selectFrom('currencies').selectAll().where('symbol', '=', symbol).executeTakeFirst();
    },

    async listPairs(): Promise<CurrencyPairRow[]> {
      return db.selectFrom('currency_pairs').selectAll().orderBy('sort_order').orderBy('symbol').execute();
    },

    async findPair(symbol: string): Promise<CurrencyPairRow | undefined> {
      return db.selectFrom('currency_pairs').selectAll().where('symbol', '=', symbol).executeTakeFirst();
    },

    /** Inserts currencies that are not there yet; existing rows are left as operators edited them. */
    async insertMissingCurrencies(rows: readonly CurrencyRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('currencies')
        .values([...rows])
        .onConflict((oc) => oc.column('symbol').doNothing())
        .execute();
    },

    async insertMissingPairs(rows: readonly CurrencyPairRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('currency_pairs')
        .values([...rows])
        .onConflict((oc) => oc.column('symbol').doNothing())
        .execute();
    },
  };
}
export type MarketsRepository = ReturnType<typeof marketsRepository>;
