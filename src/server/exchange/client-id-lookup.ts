import { exchangeReads } from '../repositories/exchange-reads';
import { ClientKeyFilter } from './client-key-filter';
import type { Command } from './commands';
import type { CoreState } from './core-state';
import { rowToOrderWire } from './order-record';
import { clientKey } from './place-order';

/** Rows a page when the filter is filled from storage at load. */
const LOAD_PAGE = 10_000;

/**
 * Idempotency of client_order_id across the pipeline: one query per batch finds which of its
 * client_order_ids storage already has, instead of one query per order, and only for the keys a
 * filter of every stored key may hold (client-key-filter.ts): a batch of new ids asks storage
 * nothing. Orders of batches storage may not show yet are in memory (`clientIds`); those
 * committed before this query began are dropped from memory after it.
 */
export function createClientIdLookup(reads: ReturnType<typeof exchangeReads>, filter = new ClientKeyFilter()) {
  /**
   * client_order_id keys whose batch has committed since the last lookup: storage answers for
   * them from the next lookup on, so they can leave `clientIds` once that lookup has run.
   */
  let committedClientKeys: string[] = [];

  return {
    /** With the exchange's memory: every key storage holds goes into the filter. */
    async load(): Promise<void> {
      filter.clear();
      let after: { userId: string; clientOrderId: string } | null = null;
      for (;;) {
        const page = await reads.clientKeysPage(after, LOAD_PAGE);
        for (const row of page) filter.add(clientKey(row.user_id, row.client_order_id));
        if (page.length < LOAD_PAGE) break;
        const last = page[page.length - 1]!;
        after = { userId: last.user_id, clientOrderId: last.client_order_id };
      }
    },

    /** Before a batch is applied: what storage knows of the client_order_ids it uses. */
    async lookUp(s: CoreState, commands: readonly Command[]): Promise<void> {
      const visible = committedClientKeys;
      committedClientKeys = [];
      const keys: { userId: string; clientOrderId: string }[] = [];
      for (const c of commands) {
        if (c.kind !== 'place' || c.intent.clientOrderId === null) continue;
        const key = clientKey(c.userId, c.intent.clientOrderId);
        if (filter.mightContain(key)) keys.push({ userId: c.userId, clientOrderId: c.intent.clientOrderId });
        // Before the order is placed, so that storage never holds a key the filter lacks. (A
        // key of an order then refused only makes a later lookup ask storage in vain.)
        else filter.add(key);
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
