import { fromUnits } from '../../shared/money/units';
import type { Account } from './ledger';

// The rules the ledger must never break, as pure functions over plain data so the same checks
// run on the in-memory ledger, on what the database holds, and in property tests.
//
//  1. No negative balance or available, and available never exceeds balance.
//  2. What a user holds (balance − available) is exactly what their live orders hold.
//  3. Per user and currency, the journal sums to the balance.
//  4. Per currency, users' balances plus the fee account equal the external flows (deposits,
//     credits, withdrawals): trading only moves money around, it never makes or loses any.

export interface AccountEntry {
  userId: string;
  currency: string;
  balance: bigint;
  available: bigint;
}

export interface LedgerState {
  accounts: Iterable<AccountEntry>;
  fees: Iterable<{ currency: string; balance: bigint }>;
}

const key = (userId: string, currency: string) => `${userId} ${currency}`;

export function accountEntries(entries: Iterable<[string, string, Account]>): AccountEntry[] {
  return [...entries].map(([userId, currency, a]) => ({ userId, currency, balance: a.balance, available: a.available }));
}

/** Per currency: users' balances plus the fee account. */
export function ledgerTotals(state: LedgerState): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const a of state.accounts) totals.set(a.currency, (totals.get(a.currency) ?? 0n) + a.balance);
  for (const f of state.fees) totals.set(f.currency, (totals.get(f.currency) ?? 0n) + f.balance);
  return totals;
}

/** Rules 1 and 2; `holds` maps "userId currency" to what that user's live orders hold. */
export function checkAccounts(accounts: Iterable<AccountEntry>, holds: ReadonlyMap<string, bigint>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const a of accounts) {
    const k = key(a.userId, a.currency);
    seen.add(k);
    if (a.balance < 0n) problems.push(`${k}: negative balance ${fromUnits(a.balance)}`);
    if (a.available < 0n) problems.push(`${k}: negative available ${fromUnits(a.available)}`);
    if (a.available > a.balance) problems.push(`${k}: available ${fromUnits(a.available)} exceeds balance ${fromUnits(a.balance)}`);
    const held = a.balance - a.available;
    const expected = holds.get(k) ?? 0n;
    if (held !== expected) problems.push(`${k}: holds ${fromUnits(held)} but its open orders hold ${fromUnits(expected)}`);
  }
  for (const [k, amount] of holds) {
    if (!seen.has(k) && amount !== 0n) problems.push(`${k}: open orders hold ${fromUnits(amount)} with no account`);
  }
  return problems;
}

/** Rule 3; `journal` maps "userId currency" to the sum of its done journal lines. */
export function checkJournal(accounts: Iterable<AccountEntry>, journal: ReadonlyMap<string, bigint>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const a of accounts) {
    const k = key(a.userId, a.currency);
    seen.add(k);
    const sum = journal.get(k) ?? 0n;
    if (sum !== a.balance) problems.push(`${k}: balance ${fromUnits(a.balance)} but its journal sums to ${fromUnits(sum)}`);
  }
  for (const [k, sum] of journal) {
    if (!seen.has(k) && sum !== 0n) problems.push(`${k}: journal sums to ${fromUnits(sum)} with no account`);
  }
  return problems;
}

/** Rule 4: `external` maps currency to net deposits + credits − withdrawals. */
export function checkConservation(totals: ReadonlyMap<string, bigint>, external: ReadonlyMap<string, bigint>): string[] {
  const problems: string[] = [];
  const currencies = new Set([...totals.keys(), ...external.keys()]);
  for (const c of currencies) {
    const total = totals.get(c) ?? 0n;
    const ext = external.get(c) ?? 0n;
    if (total !== ext) problems.push(`${c}: users and fees hold ${fromUnits(total)} but deposits net of withdrawals are ${fromUnits(ext)}`);
  }
  return problems;
}

export { key as holdKey };
