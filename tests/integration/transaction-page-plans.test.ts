import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { transactionPageQueries, type TransactionFilter } from '../../src/server/repositories/exchange-reads';
import { postgresReachable, usePostgresDatabase } from '../support/postgres';

// A transaction page must be an index range walk under every filter the screen can send, on
// both databases: no table scan and no sort, whatever page it starts at. This is what keeps a
// page of a user with 1,000,000 rows within bench/transaction-page.ts's 20 ms; the plans are
// the part of that a test can hold without timing anything.

// With the index SQLite must walk (a pattern): the one whose range holds only rows the filter may want
// (the user's whole range, for a rare currency or pending, would read most rows to fill a page).
const filters: { label: string; filter: Omit<TransactionFilter, 'limit'>; index: string }[] = [
  // Lines of every currency: one range per currency of the user (migration 0420).
  { label: 'no filter', filter: {}, index: 'transactions_user_currency_time' },
  { label: 'types', filter: { actions: ['Deposit', 'Withdraw'] }, index: 'transactions_user_transfers' },
  { label: 'types and pending', filter: { actions: ['Deposit', 'Withdraw'], pendingOnly: true }, index: 'transactions_user_pending' },
  { label: 'pending alone', filter: { pendingOnly: true }, index: 'transactions_user_pending_time' },
  { label: 'from and to', filter: { from: 1_000, to: 2_000 }, index: 'transactions_user_currency_time' },
  { label: 'trade types', filter: { actions: ['Buy', 'Sell', 'Charge'] }, index: 'transactions_user_currency_time' },
  { label: 'a trade and a transfer type', filter: { actions: ['Buy', 'Deposit'] }, index: 'transactions_user_(transfers|currency_time)' },
  { label: 'currency', filter: { currency: 'pax' }, index: 'transactions_user_currency_time' },
  // Either of its two narrowing ranges will do.
  {
    label: 'type, currency and from',
    filter: { actions: ['Credit'], currency: 'btc', from: 1_000 },
    index: 'transactions_user_(transfers|currency_time)',
  },
  { label: 'offset', filter: { offset: 200 }, index: 'transactions_user_currency_time' },
];
const cursor = { at: 1_500, id: 42 };
/** The user's currencies, as exchangeReads lists them before a page that spans them. */
const userCurrencies = ['btc', 'usd'];

function statements(database: AppDatabase, f: Omit<TransactionFilter, 'limit'>, withCursor: boolean): CompiledQuery[] {
  return transactionPageQueries(
    database.db,
    database.dialect,
    'u1',
    { ...f, limit: 100 },
    withCursor ? cursor : undefined,
    userCurrencies,
  ).map((q) => q.compile());
}

describe('API.transactions.newest-first: every transaction page is an index range walk', () => {
  describe('SQLite (EXPLAIN QUERY PLAN)', () => {
    let dir: string;
    let database: AppDatabase;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-tx-plans-'));
      database = createDatabase({ dataDir: dir });
      await migrateToLatest(database);
    });
    afterAll(async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    for (const { label, filter, index } of filters) {
      for (const withCursor of [false, true]) {
        it(`API.transactions.newest-first: ${label}${withCursor ? ', from a cursor' : ''}`, async () => {
          for (const statement of statements(database, filter, withCursor)) {
            const { rows } = await database.db.executeQuery<{ detail: string }>(
              CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
            );
            const plan = rows.map((r) => r.detail);
            // Ranges of a user's index, merged in page order when there are several (MERGE (UNION
            // ALL) with its LEFT and RIGHT inputs); the cursor (a row value) bounds every range.
            const ranges = plan.filter((d) => d.startsWith('SEARCH'));
            expect(ranges.length, statement.sql).toBeGreaterThan(0);
            for (const range of ranges) {
              expect(range, statement.sql).toMatch(new RegExp(`^SEARCH transactions USING (COVERING )?INDEX ${index} \\(user_id=\\?`));
              if (withCursor) expect(range, statement.sql).toMatch(/created_at<\?/);
            }
            expect(
              plan.filter((d) => !d.startsWith('SEARCH') && !/^(MERGE \(UNION ALL\)|LEFT|RIGHT)$/.test(d)),
              statement.sql,
            ).toEqual([]);
            expect(plan.join('\n'), statement.sql).not.toMatch(/TEMP B-TREE|^SCAN/m);
          }
        });
      }
    }
  });

  describe.skipIf(!postgresReachable)('PostgreSQL (EXPLAIN)', () => {
    const throwaway = usePostgresDatabase();
    let database: AppDatabase;
    beforeAll(async () => {
      database = createDatabase({ dataDir: os.tmpdir(), databaseUrl: throwaway.url });
      await migrateToLatest(database);
    });
    afterAll(async () => {
      await database?.close();
    });

    for (const { label, filter } of filters) {
      it(`API.transactions.newest-first: ${label}, from a cursor`, async () => {
        for (const statement of statements(database, filter, true)) {
          // An empty table makes any plan cheap: with scans and sorts priced out, the planner
          // shows whether an index can answer the conditions and the order by itself.
          const plan = await database.db.connection().execute(async (c) => {
            await c.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
            await c.executeQuery(CompiledQuery.raw('set enable_sort = off'));
            await c.executeQuery(CompiledQuery.raw('set enable_bitmapscan = off'));
            const { rows } = await c.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
            );
            await c.executeQuery(CompiledQuery.raw('reset all'));
            return rows.map((r) => r['QUERY PLAN']).join('\n');
          });
          expect(plan, statement.sql).toMatch(/Index (Only )?Scan (Backward )?using transactions_user_\w+/);
          // Several ranges are merged in step (Merge Append, whose "Sort Key" is the order it keeps), never sorted.
          expect(plan, statement.sql).not.toMatch(/Seq Scan|(^|->)\s*(Incremental )?Sort\s+\(/m);
          // The keyset cursor is an index condition, not a filter applied to rows read.
          expect(plan, statement.sql).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW/);
        }
      });
    }
  });
});
