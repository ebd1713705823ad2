import type { TransferWire } from '../../shared/api/transfers';
import { toUnits } from '../../shared/money/units';
import type { Clock } from '../time/timers';
import type { AppDatabase, Executor } from '../db/database';
import type { TransfersTable } from '../db/schema';
import { runTransaction } from '../db/transaction';
import { appError } from '../errors';
import type { Exchange } from '../exchange';
import { newId } from '../lib/ids';

// The `transfers` rows and their link to the exchange's ledger lines (ref `transfer:${id}`).
// A row is written before the writer is asked, so `starting` keeps rows whose request has not
// been answered yet away from reconcile, which would otherwise judge them never taken.
//
// Statuses: pending (in motion), review (a large withdrawal held until an operator decides),
// done, failed, rejected (an operator refused the withdrawal; its hold was released).

export type TransferRow = TransfersTable;
export type TransferEnd = 'done' | 'failed' | 'rejected';
/** Rows still in motion: what reconcile and a settlement may end. */
const OPEN = ['pending', 'review'];

export const transferRef = (id: string) => `transfer:${id}`;

export function transferToWire(row: TransferRow): TransferWire {
  return {
    id: row.id,
    kind: row.kind,
    method: row.method,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    confirmations: Number(row.confirmations),
    required_confirmations: Number(row.required_confirmations),
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}

export type NewDeposit = Omit<TransferRow, 'id' | 'kind' | 'fee' | 'status' | 'created_at' | 'updated_at'>;

/** Told after a deposit is credited (the due-diligence rule reads the new total). */
export type DepositCredited = (userId: string) => Promise<unknown>;

export function createTransferStore(database: AppDatabase, exchange: Exchange, clock: Clock, onDepositCredited?: DepositCredited) {
  const db = database.db;
  const starting = new Set<string>();

  async function setStatus(id: string, status: TransferEnd, extra: Partial<TransferRow> = {}): Promise<void> {
    await db
      .updateTable('transfers')
      .set({ status, updated_at: clock.now(), ...extra })
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .execute();
  }

  /**
   * Stores the row (with whatever `alongside` writes in the same transaction: a large
   * withdrawal's review), then runs `ask` (the writer request); a refusal removes both again.
   */
  async function start(
    row: TransferRow,
    ask: () => Promise<unknown>,
    alongside?: (trx: Executor) => Promise<unknown>,
  ): Promise<TransferRow> {
    starting.add(row.id);
    try {
      await runTransaction(database, async (trx) => {
        await trx.insertInto('transfers').values(row).execute();
        await alongside?.(trx);
      });
      await ask();
    } catch (err) {
      await runTransaction(database, async (trx) => {
        // A review shares its withdrawal's id.
        if (alongside) await trx.deleteFrom('withdrawal_reviews').where('id', '=', row.id).where('status', '=', 'pending').execute();
        await trx.deleteFrom('transfers').where('id', '=', row.id).execute();
      });
      throw err;
    } finally {
      starting.delete(row.id);
    }
    return row;
  }

  return {
    start,
    isStarting: (id: string) => starting.has(id),

    async knownCurrency(currency: string): Promise<void> {
      const row = await db.selectFrom('currencies').select('symbol').where('symbol', '=', currency).executeTakeFirst();
      if (!row)
        throw appError('unknown_currency', {
          detail: `Unknown currency ${currency}.`,
          errors: { currency: [`Unknown currency ${currency}.`] },
        });
    },

    /** Stores a pending deposit and announces it to the writer (a pending Deposit line). */
    async startDeposit(row: NewDeposit): Promise<TransferRow> {
      const now = clock.now();
      const full: TransferRow = { ...row, id: newId(), kind: 'deposit', fee: '0', status: 'pending', created_at: now, updated_at: now };
      return start(full, () => exchange.beginDeposit(full.user_id, full.currency, full.amount, transferRef(full.id)));
    },

    async complete(row: TransferRow, outcome: TransferEnd, extra: Partial<TransferRow> = {}): Promise<void> {
      await exchange.settleTransfer(transferRef(row.id), outcome);
      await setStatus(row.id, outcome, extra);
      if (row.kind === 'deposit' && outcome === 'done') await onDepositCredited?.(row.user_id);
    },

    /**
     * A pending row the writer no longer (or never) knew: the ledger lines say what happened.
     * No line at all means the writer never took it (a crash between the row and the request).
     */
    async reconcile(row: TransferRow): Promise<void> {
      const line = await db
        .selectFrom('transactions')
        .select('status')
        .where('ref', '=', transferRef(row.id))
        .where('action', 'in', ['Deposit', 'Withdraw'])
        .executeTakeFirst();
      if (line?.status === 'pending') return;
      await setStatus(row.id, line?.status === 'done' || line?.status === 'rejected' ? line.status : 'failed');
    },

    byExternalId(externalId: string): Promise<TransferRow | undefined> {
      return db.selectFrom('transfers').selectAll().where('external_id', '=', externalId).executeTakeFirst();
    },

    pending(): Promise<TransferRow[]> {
      return db.selectFrom('transfers').selectAll().where('status', '=', 'pending').orderBy('created_at').execute();
    },

    /** Large withdrawals held until an operator decides. */
    inReview(): Promise<TransferRow[]> {
      return db.selectFrom('transfers').selectAll().where('status', '=', 'review').orderBy('created_at').execute();
    },

    /** An approved withdrawal goes on to its payout; false when it was no longer in review (someone else moved it). */
    async releaseFromReview(id: string): Promise<boolean> {
      const moved = await db
        .updateTable('transfers')
        .set({ status: 'pending', updated_at: clock.now() })
        .where('id', '=', id)
        .where('status', '=', 'review')
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },

    byId(id: string): Promise<TransferRow | undefined> {
      return db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setConfirmations(id: string, confirmations: number): Promise<void> {
      await db.updateTable('transfers').set({ confirmations, updated_at: clock.now() }).where('id', '=', id).execute();
    },

    /** Whether a bank account has a withdrawal still pending (it cannot be removed then). */
    async bankAccountBusy(bankAccountId: string): Promise<boolean> {
      const row = await db
        .selectFrom('transfers')
        .select('id')
        .where('bank_account_id', '=', bankAccountId)
        .where('kind', '=', 'withdrawal')
        .where('status', 'in', OPEN)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** USD pulled by ACH (pending or done) after `since`, in units. */
    async achDepositedSince(userId: string, since: number): Promise<bigint> {
      const rows = await db
        .selectFrom('transfers')
        .select('amount')
        .where('user_id', '=', userId)
        .where('method', '=', 'ach')
        .where('kind', '=', 'deposit')
        .where('status', 'in', ['pending', 'done'])
        .where('created_at', '>', since)
        .execute();
      return rows.reduce((sum, r) => sum + toUnits(r.amount), 0n);
    },
  };
}

export type TransferStore = ReturnType<typeof createTransferStore>;
