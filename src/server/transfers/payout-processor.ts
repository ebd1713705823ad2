import type { Clock } from '../time/timers';

// Where withdrawals leave the exchange. A real payout provider (a wallet service, a bank's API)
// plugs in by implementing PayoutProcessor: `send` hands it a withdrawal whose funds are
// already held (called again after a restart for withdrawals still pending, so it must be
// idempotent by id), and `status` reports how it went. 'failed' releases the hold.

export interface Payout {
  id: string;
  currency: string;
  amount: string;
  /** Crypto: the recipient address; USD: 'ach' or 'wire' with the bank account id. */
  address: string | null;
  method: string;
  bankAccountId: string | null;
}

export type PayoutStatus = 'pending' | 'done' | 'failed';

export interface PayoutProcessor {
  send(payout: Payout): Promise<void>;
  status(id: string): Promise<PayoutStatus>;
}

/**
 * Development: every payout succeeds `delayMs` after it was sent (on the injected clock);
 * `failNext` makes the next one sent fail (tests of a failed payout).
 */
export function createDevPayoutProcessor(clock: Clock, delayMs: number): PayoutProcessor & { failNext(): void } {
  const sent = new Map<string, { at: number; fail: boolean }>();
  let failNext = false;
  return {
    async send(payout) {
      if (sent.has(payout.id)) return;
      sent.set(payout.id, { at: clock.now(), fail: failNext });
      failNext = false;
    },
    async status(id) {
      const s = sent.get(id);
      if (!s || clock.now() - s.at < delayMs) return 'pending';
      sent.delete(id);
      return s.fail ? 'failed' : 'done';
    },
    failNext() {
      failNext = true;
    },
  };
}
