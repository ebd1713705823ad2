import { invalidateAuth } from '../auth/auth-cache';
import type { AppDatabase, Executor } from '../db/database';
import { runTransaction } from '../db/transaction';
import { balancesRepository } from './balances';
import { marketsRepository } from './markets';
import { outboxRepository } from './outbox';
import { resetTokensRepository } from './reset-tokens';
import { sessionsRepository } from './sessions';
import { usersRepository } from './users';
import { verificationCodesRepository } from './verification-codes';

/** Every repository bound to one executor (the database, or the transaction of a request). */
export function repositories(db: Executor) {
  return {
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    verificationCodes: verificationCodesRepository(db),
    resetTokens: resetTokensRepository(db),
    outbox: outboxRepository(db),
    markets: marketsRepository(db),
    balances: balancesRepository(db),
  };
}
export type Repositories = ReturnType<typeof repositories>;

/**
 * Runs `work` in one transaction: all writes of a request commit together or not at all.
 * Do slow non-database work (password hashing) before calling this, since SQLite has one writer.
 * `work` may run more than once (see runTransaction): it does nothing but database statements.
 */
export async function inTransaction<T>(database: AppDatabase, work: (repos: Repositories) => Promise<T>): Promise<T> {
  const result = await runTransaction(database, (trx) => work(repositories(trx)));
  // The repositories invalidated as they wrote, before the commit; a read in between (another
  // connection of a pool) may have kept the old rows.
  invalidateAuth('all');
  return result;
}

export { normalizeEmail } from './users';
export type { NewBeneficialOwner } from './users';
export type { NewOutboxMessage } from './outbox';
