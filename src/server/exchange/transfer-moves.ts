import { fromUnits } from '../../shared/money/units';
import { appError } from '../errors';
import type { CoreState, PendingTransfer } from './core-state';

// Deposits and withdrawals that take time (a chain's confirmations, a payout, an ACH
// settlement), applied by the single writer like every other money move:
//  - a deposit is announced as a pending Deposit line and credited when it completes;
//  - a withdrawal holds amount + fee at once (pending Withdraw and Charge lines) and is paid out
//    of the hold when it completes, or the hold is released when it fails.
// The pending lines are the durable record: after a restart the writer rebuilds its pending
// transfers (and the holds) from them (load-state.ts).

export interface BeginTransfer {
  ref: string;
  userId: string;
  currency: string;
  amount: bigint;
}

function known(state: CoreState, currency: string): void {
  if (!state.currencies.has(currency)) {
    throw appError('unknown_currency', {
      detail: `Unknown currency ${currency}.`,
      errors: { currency: [`Unknown currency ${currency}.`] },
    });
  }
}

function fresh(state: CoreState, ref: string): void {
  if (state.transfers.has(ref)) throw appError('transfer_exists', { detail: `The transfer ${ref} is already in motion.` });
}

/** A deposit seen but not yet final: a pending Deposit line, no balance change. */
export function beginDeposit(state: CoreState, req: BeginTransfer): PendingTransfer {
  known(state, req.currency);
  fresh(state, req.ref);
  const lineId = state.ledger.pendingLine(req.userId, req.currency, req.amount, { action: 'Deposit', ref: req.ref });
  const t: PendingTransfer = {
    ref: req.ref,
    kind: 'deposit',
    userId: req.userId,
    currency: req.currency,
    amount: req.amount,
    fee: 0n,
    lineId,
    feeLineId: null,
  };
  state.transfers.set(req.ref, t);
  return t;
}

/** Holds amount + fee out of available (refused when short) and writes the pending lines. */
export function beginWithdrawal(state: CoreState, req: BeginTransfer & { fee: bigint }): PendingTransfer {
  known(state, req.currency);
  fresh(state, req.ref);
  const total = req.amount + req.fee;
  if (!state.ledger.hold(req.userId, req.currency, total)) {
    const available = state.ledger.available(req.userId, req.currency);
    throw appError('insufficient_balance', {
      detail: `The amount plus the fee (${fromUnits(total)}) is more than the ${fromUnits(available)} available.`,
      errors: { amount: [`Amount plus fee must be at most ${fromUnits(available)}.`] },
    });
  }
  const lineId = state.ledger.pendingLine(req.userId, req.currency, -req.amount, { action: 'Withdraw', ref: req.ref });
  const feeLineId = req.fee > 0n ? state.ledger.pendingLine(req.userId, req.currency, -req.fee, { action: 'Charge', ref: req.ref }) : null;
  const t: PendingTransfer = {
    ref: req.ref,
    kind: 'withdrawal',
    userId: req.userId,
    currency: req.currency,
    amount: req.amount,
    fee: req.fee,
    lineId,
    feeLineId,
  };
  state.transfers.set(req.ref, t);
  return t;
}

/** done: paid or credited; failed: it did not happen; rejected: an operator refused the withdrawal. */
export type TransferOutcome = 'done' | 'failed' | 'rejected';

function addExternal(state: CoreState, currency: string, amount: bigint): void {
  state.external.set(currency, (state.external.get(currency) ?? 0n) + amount);
}

/**
 * Completes (done) or abandons (failed, rejected) a pending transfer. False when the ref is not
 * pending (already settled, or never begun), so a repeated settlement changes nothing.
 */
export function settleTransfer(state: CoreState, ref: string, outcome: TransferOutcome): boolean {
  const t = state.transfers.get(ref);
  if (!t) return false;
  state.transfers.delete(ref);
  const { ledger } = state;
  if (t.kind === 'deposit') {
    if (outcome === 'done') {
      ledger.credit(t.userId, t.currency, t.amount, { action: 'Deposit', ref, id: t.lineId });
      addExternal(state, t.currency, t.amount);
    } else {
      ledger.failLine(t.userId, t.currency, t.amount, { action: 'Deposit', ref, id: t.lineId }, outcome);
    }
    return true;
  }
  if (outcome === 'done') {
    ledger.spendHeld(t.userId, t.currency, t.amount, { action: 'Withdraw', ref, id: t.lineId });
    addExternal(state, t.currency, -t.amount);
    if (t.fee > 0n) {
      ledger.spendHeld(t.userId, t.currency, t.fee, { action: 'Charge', ref, ...(t.feeLineId !== null ? { id: t.feeLineId } : {}) });
      ledger.creditFee(t.currency, t.fee);
    }
  } else {
    ledger.release(t.userId, t.currency, t.amount + t.fee);
    ledger.failLine(t.userId, t.currency, -t.amount, { action: 'Withdraw', ref, id: t.lineId }, outcome);
    if (t.feeLineId !== null) ledger.failLine(t.userId, t.currency, -t.fee, { action: 'Charge', ref, id: t.feeLineId }, outcome);
  }
  return true;
}

/** Rebuilds the pending transfers from their pending lines (at start and after a failed batch). */
export function loadPendingTransfers(
  state: CoreState,
  lines: readonly { id: number | string; user_id: string; action: string; currency: string; amount: bigint; ref: string | null }[],
): void {
  for (const line of lines) {
    if (!line.ref) continue;
    const id = Number(line.id);
    const existing = state.transfers.get(line.ref);
    if (line.action === 'Deposit') {
      state.transfers.set(line.ref, {
        ref: line.ref,
        kind: 'deposit',
        userId: line.user_id,
        currency: line.currency,
        amount: line.amount,
        fee: 0n,
        lineId: id,
        feeLineId: null,
      });
    } else if (line.action === 'Withdraw') {
      state.transfers.set(line.ref, {
        ref: line.ref,
        kind: 'withdrawal',
        userId: line.user_id,
        currency: line.currency,
        amount: -line.amount,
        fee: existing?.fee ?? 0n,
        lineId: id,
        feeLineId: existing?.feeLineId ?? null,
      });
    } else if (line.action === 'Charge') {
      const base = existing ?? {
        ref: line.ref,
        kind: 'withdrawal' as const,
        userId: line.user_id,
        currency: line.currency,
        amount: 0n,
        lineId: 0,
      };
      state.transfers.set(line.ref, { ...base, fee: -line.amount, feeLineId: id });
    }
  }
}
