import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// What a refused request must leave exactly as it was: users and their onboarding data, balances,
// orders, the ledger (trades, fills, journal lines, the fee account) and every book in the engine.
// Sessions, codes, outbox rows and rate-limit counters are not in it: refusals may legitimately
// count an attempt or revoke a reused refresh token.

const TABLES = ['users', 'beneficial_owners', 'balances', 'orders', 'trades', 'fills', 'transactions', 'fee_balances'] as const;

export async function stateDigest(app: FastifyInstance): Promise<string> {
  const hash = createHash('sha256');
  const { db } = app.ctx.database;
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}:${lines.length}\n${lines.join('\n')}\n`);
  }
  for (const pair of app.exchange.pairs()) hash.update(`book ${pair.symbol}:${app.exchange.stateHash(pair.symbol)}\n`);
  return hash.digest('hex');
}
