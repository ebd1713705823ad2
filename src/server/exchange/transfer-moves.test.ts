import { describe, expect, it } from 'vitest';
import { toUnits } from '../../shared/money/units';
import type { CurrencyRow } from '../db/schema';
import { AppError } from '../errors';
import { accountEntries, checkAccounts, checkConservation, ledgerTotals } from '../ledger/invariants';
import { CoreState, defaultCoreOptions } from './core-state';
import { beginDeposit, beginWithdrawal, loadPendingTransfers, settleTransfer } from './transfer-moves';

function state(): CoreState {
  const currencies = new Map<string, CurrencyRow>([['btc', { symbol: 'btc' } as CurrencyRow]]);
  return new CoreState(new Map(), currencies, { order: 0, trade: 0, fill: 0, tx: 0 }, () => 1_000, defaultCoreOptions);
}

function sound(s: CoreState): string[] {
  const accounts = accountEntries(s.ledger.entries());
  const fees = [...s.ledger.feeEntries()].map(([currency, balance]) => ({ currency, balance }));
  return [...checkAccounts(accounts, s.holds()), ...checkConservation(ledgerTotals({ accounts, fees }), s.external)];
}

const u = (v: string) => toUnits(v);

describe('transfers in motion', () => {
  it('API.transfers.chain-deposit-confirmations: a deposit is a pending line first, credited under the same id once, conserved', () => {
    const s = state();
    const t = beginDeposit(s, { ref: 'transfer:a', userId: 'u', currency: 'btc', amount: u('0.5') });
    expect(s.ledger.get('u', 'btc')).toEqual({ balance: 0n, available: 0n });
    expect(settleTransfer(s, 'transfer:a', 'done')).toBe(true);
    expect(settleTransfer(s, 'transfer:a', 'done')).toBe(false);
    expect(s.ledger.get('u', 'btc')).toEqual({ balance: u('0.5'), available: u('0.5') });
    const lines = s.ledger.drainChanges().journal;
    expect(lines.map((l) => [l.id, l.status, l.amount])).toEqual([
      [t.lineId, 'pending', u('0.5')],
      [t.lineId, 'done', u('0.5')],
    ]);
    expect(sound(s)).toEqual([]);
  });

  it('API.transfers.withdraw-held-then-paid: amount + fee held at once, paid out of the hold, fee to the fee account', () => {
    const s = state();
    beginDeposit(s, { ref: 'transfer:d', userId: 'u', currency: 'btc', amount: u('1') });
    settleTransfer(s, 'transfer:d', 'done');
    beginWithdrawal(s, { ref: 'transfer:w', userId: 'u', currency: 'btc', amount: u('0.3'), fee: u('0.0005') });
    expect(s.ledger.get('u', 'btc')).toEqual({ balance: u('1'), available: u('0.6995') });
    expect(sound(s)).toEqual([]);
    settleTransfer(s, 'transfer:w', 'done');
    expect(s.ledger.get('u', 'btc')).toEqual({ balance: u('0.6995'), available: u('0.6995') });
    expect(s.ledger.fee('btc')).toBe(u('0.0005'));
    expect(sound(s)).toEqual([]);
  });

  it('API.transfers.failed-payout-releases: a failed withdrawal releases amount + fee and its lines end failed', () => {
    const s = state();
    beginDeposit(s, { ref: 'transfer:d', userId: 'u', currency: 'btc', amount: u('1') });
    settleTransfer(s, 'transfer:d', 'done');
    s.ledger.drainChanges();
    beginWithdrawal(s, { ref: 'transfer:w', userId: 'u', currency: 'btc', amount: u('0.3'), fee: u('0.0005') });
    settleTransfer(s, 'transfer:w', 'failed');
    expect(s.ledger.get('u', 'btc')).toEqual({ balance: u('1'), available: u('1') });
    expect(s.ledger.drainChanges().journal.map((l) => [l.action, l.status])).toEqual([
      ['Withdraw', 'pending'],
      ['Charge', 'pending'],
      ['Withdraw', 'failed'],
      ['Charge', 'failed'],
    ]);
    expect(sound(s)).toEqual([]);
  });

  it('API.holds.insufficient-refused: a withdrawal beyond available (amount + fee) is refused and nothing changes', () => {
    const s = state();
    beginDeposit(s, { ref: 'transfer:d', userId: 'u', currency: 'btc', amount: u('1') });
    settleTransfer(s, 'transfer:d', 'done');
    s.ledger.drainChanges();
    expect(() => beginWithdrawal(s, { ref: 'transfer:w', userId: 'u', currency: 'btc', amount: u('1'), fee: u('0.0005') })).toThrow(
      AppError,
    );
    expect(s.ledger.get('u', 'btc')).toEqual({ balance: u('1'), available: u('1') });
    expect(s.ledger.hasChanges()).toBe(false);
    expect(s.transfers.size).toBe(0);
  });

  it('API.transfers.withdraw-restart-keeps-hold: pending lines rebuild the pending transfers and their holds', () => {
    const s = state();
    loadPendingTransfers(s, [
      { id: 7, user_id: 'u', action: 'Withdraw', currency: 'btc', amount: -u('0.3'), ref: 'transfer:w' },
      { id: 8, user_id: 'u', action: 'Charge', currency: 'btc', amount: -u('0.0005'), ref: 'transfer:w' },
      { id: 9, user_id: 'v', action: 'Deposit', currency: 'btc', amount: u('2'), ref: 'transfer:d' },
    ]);
    expect(s.transfers.get('transfer:w')).toMatchObject({
      kind: 'withdrawal',
      amount: u('0.3'),
      fee: u('0.0005'),
      lineId: 7,
      feeLineId: 8,
    });
    expect(s.transfers.get('transfer:d')).toMatchObject({ kind: 'deposit', amount: u('2'), lineId: 9 });
    expect(s.holds().get('u btc')).toBe(u('0.3005'));
    expect(s.holds().has('v btc')).toBe(false);
  });
});
