import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import type { AppDatabase } from './database';
import { isSerializationFailure } from './errors';
import type { Database } from './schema';

// One place where the server's transactions run, so that each runs to the end or fails for a
// reason of its own.
//
// SQLite: every transaction takes the write lock before its first statement and waits for it
// (sqlite-fast-dialect.ts), so none can fail because another connection wrote meanwhile.
//
// PostgreSQL may abort a transaction that did nothing wrong: a deadlock between two transactions
// (40P01, at any isolation level), and, where the database runs REPEATABLE READ or SERIALIZABLE
// (default_transaction_isolation), a serialization failure (40001). Its advice for both is to
// run the transaction again; the work below is all database statements, so running it again is
// safe. The attempts are bounded: a transaction that keeps losing fails as it would have.

export const MAX_TRANSACTION_ATTEMPTS = 5;

export interface TransactionRetry {
  attempts?: number;
  /** Waits before the next attempt (tests make it instant). */
  pause?: (ms: number) => Promise<void>;
}

const realPause = async (ms: number) => {
  await sleep(ms);
};

/** A short, random wait that grows with each attempt, so two losers do not meet again at once. */
function backoffMs(attempt: number): number {
  return Math.round((2 ** attempt + Math.random() * 2 ** attempt) * 2);
}

/** Runs `work` in one transaction, again (up to a bound) when PostgreSQL aborted it for a conflict. */
export async function runTransaction<T>(
  database: AppDatabase,
  work: (trx: Transaction<Database>) => Promise<T>,
  retry: TransactionRetry = {},
): Promise<T> {
  return retryingConflicts(database, () => database.db.transaction().execute(work), retry);
}

/**
 * Runs `attempt`, a whole transaction (an explicit one, or a single statement, which
 * PostgreSQL runs as one), again (up to a bound) when PostgreSQL aborted it for a conflict.
 */
export async function retryingConflicts<T>(database: AppDatabase, attempt: () => Promise<T>, retry: TransactionRetry = {}): Promise<T> {
  const attempts = retry.attempts ?? MAX_TRANSACTION_ATTEMPTS;
  const pause = retry.pause ?? realPause;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (database.dialect !== 'postgres' || n >= attempts || !isSerializationFailure(err)) throw err;
      await pause(backoffMs(n));
    }
  }
}
