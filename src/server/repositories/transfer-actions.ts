import { sql } from 'kysely';

/** The journal actions that only transfers write (trades write Buy, Sell and Charge). */
export const transferActions = ['Deposit', 'Withdraw', 'Credit'] as const;

/**
 * The condition of the partial index transactions_user_transfers (migration 0301), word for
 * word: SQLite uses a partial index only for a query that states its condition, so every read
 * of transfer lines by user adds this beside its own filter on action.
 */
export const transferActionsOnly = sql<boolean>`action in ('Deposit', 'Withdraw', 'Credit')`;

export function isTransferAction(action: string): boolean {
  return (transferActions as readonly string[]).includes(action);
}
