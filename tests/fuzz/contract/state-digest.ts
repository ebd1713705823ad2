import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

// What a refused request must leave exactly as it was: users and their onboarding data, balances,
// orders, the ledger (trades, fills, journal lines, the fee account) and every book in the engine.
// Sessions, codes, outbox rows, wrong-try counters and rate-limit counters are not in it: refusals may legitimately
// count an attempt or revoke a reused refresh token.

// Of money in and out: transfers, deposit addresses, the withdrawal setting and ACH agreements
// (bank accounts and approved addresses count wrong tries, which refusals may do).
const TABLES = [
  'users',
  'beneficial_owners',
  'balances',
  'orders',
  'trades',
  'fills',
  'transactions',
  'fee_balances',
  'transfers',
  'deposit_addresses',
  'withdrawal_settings',
  'ach_agreements',
] as const;

function books(app: FastifyInstance): string {
  return app.exchange
    .pairs()
    .map((pair) => `book ${pair.symbol}:${app.exchange.stateHash(pair.symbol)}\n`)
    .join('');
}

export async function stateDigest(app: FastifyInstance): Promise<string> {
  const hash = createHash('sha256');
  const { db } = app.ctx.database;
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}:${lines.length}\n${lines.join('\n')}\n`);
  }
  hash.update(books(app));
  return hash.digest('hex');
}

/**
 * A cheap stand-in for the digest between two reads: with SQLite, equal marks mean nothing was
 * committed in between by any connection (`data_version` moves on other connections' commits,
 * such as the exchange's writer thread; `total_changes()` on this connection's own) and the
 * books are as they were, so the digest cannot have changed. Null where no such mark exists.
 */
export async function stateMark(app: FastifyInstance): Promise<string | null> {
  const { database } = app.ctx;
  if (database.dialect !== 'sqlite') return null;
  const { rows } = await sql<{
    version: number;
    changes: number;
  }>`SELECT (SELECT data_version FROM pragma_data_version) AS version, total_changes() AS changes`.execute(database.db);
  return `${rows[0]!.version}/${rows[0]!.changes}\n${books(app)}`;
}

/** Tells whether the state changed since the last call, reading the full digest only when the mark moved. */
export function stateWatch(app: FastifyInstance) {
  let digest = '';
  let mark: string | null = null;
  return {
    async reset(): Promise<void> {
      mark = await stateMark(app);
      digest = await stateDigest(app);
    },
    /** True when users, balances, orders, the ledger or a book differ from the last call (or reset). */
    async changed(): Promise<boolean> {
      const now = await stateMark(app);
      if (now !== null && now === mark) return false;
      mark = now;
      const next = await stateDigest(app);
      const changed = next !== digest;
      digest = next;
      return changed;
    },
  };
}
