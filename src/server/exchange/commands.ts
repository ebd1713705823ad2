import { cancelOrder } from './cancel-order';
import type { CoreState } from './core-state';
import { expireDue } from './expire';
import { ratesFor, tierFor } from './fee-schedule';
import { placeOrder } from './place-order';
import { requestQuote, type ParsedQuoteRequest } from './quotes';
import { deposit, withdraw, type TransferRequest } from './transfers';
import { beginDeposit, beginWithdrawal, settleTransfer, type BeginTransfer, type TransferOutcome } from './transfer-moves';
import type { OrderIntent } from './validate-order';

// Everything the exchange's single writer does, as values in its queue, and where each is applied.

export type Command =
  | { kind: 'place'; userId: string; intent: OrderIntent; maxOpen: number | null }
  | { kind: 'cancel'; userId: string; orderId: number }
  | { kind: 'quote'; userId: string; request: ParsedQuoteRequest }
  | { kind: 'deposit'; request: TransferRequest; action: 'Deposit' | 'Credit' }
  | { kind: 'withdraw'; request: TransferRequest & { fee?: bigint } }
  | { kind: 'beginDeposit'; request: BeginTransfer }
  | { kind: 'beginWithdrawal'; request: BeginTransfer & { fee: bigint } }
  | { kind: 'settleTransfer'; ref: string; outcome: TransferOutcome }
  | { kind: 'expire' }
  /** Writes what memory holds that storage does not yet (the opening journal lines at start). */
  | { kind: 'flush' };

/** Applies one command to memory; its answer is what the caller gets once the batch commits. */
export function applyCommand(s: CoreState, command: Command): unknown {
  switch (command.kind) {
    case 'place':
      return placeOrder(s, command.userId, command.intent, command.maxOpen);
    case 'cancel':
      return cancelOrder(s, command.userId, command.orderId);
    case 'quote': {
      const tier = tierFor(s.volume.volume(command.userId, s.now()), s.options.feeTiers);
      return requestQuote(s, command.userId, command.request, (pair) => ratesFor(pair, tier));
    }
    case 'deposit':
      return deposit(s, command.request, command.action);
    case 'withdraw':
      return withdraw(s, command.request);
    case 'beginDeposit':
      return beginDeposit(s, command.request).lineId;
    case 'beginWithdrawal':
      return beginWithdrawal(s, command.request).lineId;
    case 'settleTransfer':
      return settleTransfer(s, command.ref, command.outcome);
    case 'expire':
      return expireDue(s);
    case 'flush':
      return null;
  }
}
