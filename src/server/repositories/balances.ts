import type { Executor } from '../db/database';
import type { BalanceRow } from '../db/schema';

/**
 * Per-user balances as canonical decimal strings. Arithmetic happens in code with
 * src/shared/money; this layer only reads and writes whole values.
 */
export function balancesRepository(db: Executor) {
  return {
    async listForUser(userId: string): Promise<BalanceRow[]> {
      return db.selectFrom('balances').selectAll().where('user_id', '=', userId).orderBy('currency').execute();
    },

    async find(userId: string, currency: string): Promise<BalanceRow | undefined> {
      return db.selectFrom('balances').selectAll().where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirst();
    },

    /** Creates or overwrites one balance row. */
    async put(row: BalanceRow): Promise<void> {
      await db
        .insertInto('balances')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['user_id', 'currency']).doUpdateSet({
            balance: row.balance,
            available: row.available,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
  };
}
export type BalancesRepository = ReturnType<typeof balancesRepository>;
