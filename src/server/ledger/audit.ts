import { toUnits } from '../../shared/money/units';
import type { Executor } from '../db/database';
import { checkAccounts, checkConservation, checkJournal, ledgerTotals, type AccountEntry } from './invariants';

// The ledger rules checked on what storage holds (tests, and an operator's consistency check):
// reads every balance, fee balance, live order hold and journal line. Meant for test-sized and
// modest databases; it loads the journal in full.

export interface LedgerAudit {
  problems: string[];
  /** Per currency: users' balances plus the fee account. */
  totals: Map<string, bigint>;
  /** Per currency: deposits + credits − withdrawals. */
  external: Map<string, bigint>;
}

export async function auditLedger(db: Executor): Promise<LedgerAudit> {
  const balances = await db.selectFrom('balances').selectAll().execute();
  const fees = await db.selectFrom('fee_balances').selectAll().execute();
  const orders = await db.selectFrom('orders').select(['user_id', 'hold_currency', 'held', 'live']).execute();
  const journal = await db.selectFrom('transactions').select(['user_id', 'currency', 'amount', 'action', 'status']).execute();

  const accounts: AccountEntry[] = balances.map((b) => ({
    userId: b.user_id,
    currency: b.currency,
    balance: toUnits(b.balance),
    available: toUnits(b.available),
  }));
  const holds = new Map<string, bigint>();
  const problems: string[] = [];
  for (const o of orders) {
    const held = toUnits(o.held);
    if (o.live !== 1 && held !== 0n) problems.push(`finished order of ${o.user_id} still holds ${o.held} ${o.hold_currency}`);
    const k = `${o.user_id} ${o.hold_currency}`;
    holds.set(k, (holds.get(k) ?? 0n) + held);
  }
  const sums = new Map<string, bigint>();
  const external = new Map<string, bigint>();
  for (const line of journal) {
    // A pending withdrawal (its Withdraw and Charge lines) holds its funds until it settles.
    if (line.status === 'pending' && (line.action === 'Withdraw' || line.action === 'Charge')) {
      const k = `${line.user_id} ${line.currency}`;
      holds.set(k, (holds.get(k) ?? 0n) - toUnits(line.amount));
    }
    if (line.status !== 'done') continue;
    const amount = toUnits(line.amount);
    const k = `${line.user_id} ${line.currency}`;
    sums.set(k, (sums.get(k) ?? 0n) + amount);
    if (line.action === 'Deposit' || line.action === 'Credit' || line.action === 'Withdraw') {
      external.set(line.currency, (external.get(line.currency) ?? 0n) + amount);
    }
  }
  const totals = ledgerTotals({ accounts, fees: fees.map((f) => ({ currency: f.currency, balance: toUnits(f.balance) })) });
  problems.push(...checkAccounts(accounts, holds), ...checkJournal(accounts, sums), ...checkConservation(totals, external));
  return { problems, totals, external };
}
