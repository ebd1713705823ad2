import type { BalanceWire } from '../../shared/api/account';
import { fromUnits } from '../../shared/money/units';
import { appError } from '../errors';
import type { CoreState } from './core-state';

// Money entering or leaving the exchange: the only moves that change a currency's total. They go
// through the writer like orders, so the ledger in memory and in storage never diverge.

export interface TransferRequest {
  userId: string;
  currency: string;
  amount: bigint;
  /** What caused it: 'faucet', a transfer id… */
  ref?: string;
}

function known(state: CoreState, currency: string): void {
  if (!state.currencies.has(currency)) {
    throw appError('unknown_currency', {
      detail: `Unknown currency ${currency}.`,
      errors: { currency: [`Unknown currency ${currency}.`] },
    });
  }
}

function balanceWire(state: CoreState, userId: string, currency: string): BalanceWire {
  const a = state.ledger.get(userId, currency);
  return { currency, balance: fromUnits(a.balance), available: fromUnits(a.available) };
}

function addExternal(state: CoreState, currency: string, amount: bigint): void {
  state.external.set(currency, (state.external.get(currency) ?? 0n) + amount);
}

/** Deposit (or Credit): balance and available grow. */
export function deposit(state: CoreState, req: TransferRequest, action: 'Deposit' | 'Credit' = 'Deposit'): BalanceWire {
  known(state, req.currency);
  state.ledger.credit(req.userId, req.currency, req.amount, { action, ref: req.ref ?? null });
  addExternal(state, req.currency, req.amount);
  return balanceWire(state, req.userId, req.currency);
}

/** Withdrawal out of available funds; an optional fee goes to the fee account. */
export function withdraw(state: CoreState, req: TransferRequest & { fee?: bigint }): BalanceWire {
  known(state, req.currency);
  const fee = req.fee ?? 0n;
  if (state.ledger.available(req.userId, req.currency) < req.amount + fee) {
    throw appError('insufficient_balance', {
      errors: { amount: [`Only ${fromUnits(state.ledger.available(req.userId, req.currency))} is available.`] },
    });
  }
  state.ledger.debit(req.userId, req.currency, req.amount, { action: 'Withdraw', ref: req.ref ?? null });
  if (fee > 0n) {
    state.ledger.debit(req.userId, req.currency, fee, { action: 'Charge', ref: req.ref ?? null });
    state.ledger.creditFee(req.currency, fee);
  }
  addExternal(state, req.currency, -req.amount);
  return balanceWire(state, req.userId, req.currency);
}
