import { describe, expect, it } from 'vitest';
import { Ledger, LedgerError } from './ledger';
import { accountEntries, checkAccounts, checkConservation, checkJournal, holdKey, ledgerTotals } from './invariants';

function ledger() {
  let id = 0;
  return new Ledger(
    () => ++id,
    () => 1_000,
  );
}

describe('ledger', () => {
  it('CORE.ledger.hold-available-only: a hold moves available only, and fails without changing anything when available is short', () => {
    const l = ledger();
    l.credit('u', 'usd', 100n, { action: 'Deposit' });
    expect(l.hold('u', 'usd', 60n)).toBe(true);
    expect(l.get('u', 'usd')).toEqual({ balance: 100n, available: 40n });
    expect(l.hold('u', 'usd', 41n)).toBe(false);
    expect(l.get('u', 'usd')).toEqual({ balance: 100n, available: 40n });
  });

  it('CORE.ledger.spend-held: spending held funds lowers the balance and writes a negative journal line', () => {
    const l = ledger();
    l.credit('u', 'usd', 100n, { action: 'Deposit' });
    l.hold('u', 'usd', 60n);
    l.spendHeld('u', 'usd', 50n, { action: 'Buy', symbol: 'btcusd', price: '1' });
    expect(l.get('u', 'usd')).toEqual({ balance: 50n, available: 40n });
    const { journal } = l.drainChanges();
    expect(journal.map((j) => [j.action, j.amount])).toEqual([
      ['Deposit', 100n],
      ['Buy', -50n],
    ]);
  });

  it('CORE.ledger.overspend-is-fault: spending or releasing more than is held is a LedgerError (a bug, never a user error)', () => {
    const l = ledger();
    l.credit('u', 'usd', 100n, { action: 'Deposit' });
    l.hold('u', 'usd', 10n);
    expect(() => l.spendHeld('u', 'usd', 11n, { action: 'Buy' })).toThrow(LedgerError);
    expect(() => l.release('u', 'usd', 11n)).toThrow(LedgerError);
    expect(() => l.credit('u', 'usd', -1n, { action: 'Deposit' })).toThrow(LedgerError);
  });

  it('CORE.ledger.debit-needs-available: a debit takes from available and refuses when short', () => {
    const l = ledger();
    l.credit('u', 'btc', 5n, { action: 'Deposit' });
    expect(l.debit('u', 'btc', 6n, { action: 'Withdraw' })).toBe(false);
    expect(l.debit('u', 'btc', 5n, { action: 'Withdraw' })).toBe(true);
    expect(l.get('u', 'btc')).toEqual({ balance: 0n, available: 0n });
  });

  it('CORE.ledger.changes-drained-once: drainChanges lists each touched account once with its final values, then starts afresh', () => {
    const l = ledger();
    l.credit('u', 'usd', 100n, { action: 'Deposit' });
    l.hold('u', 'usd', 30n);
    l.creditFee('usd', 2n);
    const changes = l.drainChanges();
    expect(changes.accounts).toEqual([{ userId: 'u', currency: 'usd', balance: 100n, available: 70n }]);
    expect(changes.fees).toEqual([{ currency: 'usd', balance: 2n }]);
    expect(l.hasChanges()).toBe(false);
  });
});

describe('ledger invariants', () => {
  it('CORE.ledger.journal-equals-balances, API.transactions.every-change, API.transactions.sum-to-balance: a trade between two users with fees conserves every currency and keeps the journal equal to balances', () => {
    const l = ledger();
    l.credit('buyer', 'usd', 10_000n, { action: 'Deposit' });
    l.credit('seller', 'btc', 5n, { action: 'Deposit' });
    l.hold('buyer', 'usd', 1_010n);
    l.hold('seller', 'btc', 5n);
    // 5 btc for 1000 usd; buyer fee 10, seller fee 5.
    l.spendHeld('buyer', 'usd', 1_000n, { action: 'Buy' });
    l.spendHeld('buyer', 'usd', 10n, { action: 'Charge' });
    l.credit('buyer', 'btc', 5n, { action: 'Buy' });
    l.spendHeld('seller', 'btc', 5n, { action: 'Sell' });
    l.credit('seller', 'usd', 1_000n, { action: 'Sell' });
    l.debit('seller', 'usd', 5n, { action: 'Charge' });
    l.creditFee('usd', 15n);

    const accounts = accountEntries(l.entries());
    const fees = [...l.feeEntries()].map(([currency, balance]) => ({ currency, balance }));
    expect(checkAccounts(accounts, new Map())).toEqual([]);
    expect(
      checkConservation(
        ledgerTotals({ accounts, fees }),
        new Map([
          ['usd', 10_000n],
          ['btc', 5n],
        ]),
      ),
    ).toEqual([]);
    const sums = new Map<string, bigint>();
    for (const j of l.drainChanges().journal)
      sums.set(holdKey(j.userId, j.currency), (sums.get(holdKey(j.userId, j.currency)) ?? 0n) + j.amount);
    expect(checkJournal(accounts, sums)).toEqual([]);
  });

  it('CORE.ledger.audit-names-faults: the checks name what is wrong: negative, holds that do not match orders, money from nowhere', () => {
    const accounts = [{ userId: 'u', currency: 'usd', balance: -1n, available: -1n }];
    expect(checkAccounts(accounts, new Map([['u usd', 5n]])).join('\n')).toMatch(
      /negative balance[\s\S]*negative available[\s\S]*open orders hold 0.00000005/,
    );
    expect(checkConservation(new Map([['usd', 10n]]), new Map([['usd', 9n]]))[0]).toMatch(/usd: users and fees hold 0.0000001/);
  });
});
