import { exchangeReads } from '../repositories/exchange-reads';
import type { Command } from './commands';
import type { CoreState } from './core-state';
import { rowToOrderWire } from './order-record';
import { clientKey } from './place-order';

/**
 * Idempotency of client_order_id across the pipeline: one query per batch finds which of its
 * client_order_ids storage already has, instead of one query per order. Orders of batches storage
 * may not show yet are in memory (`clientIds`); those committed before this query began are
 * dropped from memory after it.
 */
export function createClientIdLookup(reads: ReturnType<typeof exchangeReads>) {
  /**
   * client_order_id keys whose batch has committed since the last lookup: storage answers for
   * them from the next lookup on, so they can leave `clientIds` once that lookup has run.
   */
  let committedClientKeys: string[] = [];

  return {
    /** Before a batch is applied: what storage knows of the client_order_ids it uses. */
    async lookUp(s: CoreState, commands: readonly Command[]): Promise<void> {
      const visible = committedClientKeys;
      committedClientKeys = [];
      const keys: { userId: string; clientOrderId: string }[] = [];
      for (const c of commands) {
        if (c.kind === 'place' && c.intent.clientOrderId !== null) keys.push({ userId: c.userId, clientOrderId: c.intent.clientOrderId });
      }
      if (keys.length > 0) {
        for (const row of await reads.ordersByClientIds(keys)) {
          s.knownClientIds.set(clientKey(row.user_id, row.client_order_id ?? ''), { id: Number(row.id), stored: rowToOrderWire(row) });
        }
      }
      for (const key of visible) s.clientIds.delete(key);
    },

    /** After a batch committed: the client_order_id keys it placed. */
    committed(keys: readonly string[]): void {
      committedClientKeys.push(...keys);
    },
  };
}
