import { randomBytes } from 'node:crypto';
import type { Clock } from '../time/timers';

// Where incoming on-chain transfers come from. A real node or indexer plugs in here by
// implementing ChainWatcher: report every transfer to one of our deposit addresses with its
// current number of confirmations, as often as asked. The deposit side (transfer-service.ts)
// is idempotent by `txid`: the first report makes a pending deposit, later ones update its
// confirmations, and the report that reaches the currency's required confirmations credits it.

export interface ObservedTransfer {
  /** Unique per transfer on its chain (tx hash, plus output index where one tx pays several). */
  txid: string;
  address: string;
  /** Decimal string in the currency's units. */
  amount: string;
  confirmations: number;
}

export interface ChainWatcher {
  /** Transfers to our addresses that are not yet final, with their confirmations now. */
  poll(): Promise<ObservedTransfer[]>;
  /** Tells the watcher a transfer is credited (it may stop reporting it). */
  settled(txid: string): void;
  /** Transfers the exchange still waits on after a restart (a node finds them itself; the simulation must be told). */
  resume(pending: readonly { txid: string; address: string; amount: string; seenAt: number }[]): void;
}

/**
 * Development: a chain that makes a block every `blockMs` (read from the injected clock), so a
 * transfer announced through POST /dev/chain/deposit gains a confirmation per block.
 */
export function createSimulatedChain(clock: Clock, blockMs: number): ChainWatcher & { announce(address: string, amount: string): string } {
  const transfers = new Map<string, { address: string; amount: string; seenAt: number }>();
  return {
    announce(address, amount) {
      const txid = `sim-${randomBytes(16).toString('hex')}`;
      transfers.set(txid, { address, amount, seenAt: clock.now() });
      return txid;
    },
    async poll() {
      const now = clock.now();
      return [...transfers].map(([txid, t]) => ({
        txid,
        address: t.address,
        amount: t.amount,
        confirmations: blockMs <= 0 ? Number.MAX_SAFE_INTEGER : Math.floor((now - t.seenAt) / blockMs),
      }));
    },
    settled(txid) {
      transfers.delete(txid);
    },
    resume(pending) {
      for (const p of pending)
        if (!transfers.has(p.txid)) transfers.set(p.txid, { address: p.address, amount: p.amount, seenAt: p.seenAt });
    },
  };
}
