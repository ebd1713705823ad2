import { afterEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '../../src/shared/api/orders';
import { ManualTimers } from '../../src/server/time/manual-timers';
import { addUser, openWorld, type ServiceWorld } from './exchange-service-harness';
import { describeEachStore } from '../support/postgres';

// The exchange's expiry run is armed on the timers it is given, so a GTD order ends on manual
// time exactly as it would on the system's, with no real waiting.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let world: ServiceWorld | null = null;
  afterEach(async () => {
    await world?.close({ remove: true });
    world = null;
  });

  const INTERVAL_MS = 250;

  /** Every queued command answered and the run's bookkeeping done (one run at a time). */
  async function settle(w: ServiceWorld): Promise<void> {
    await w.exchange.idle();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  async function gtdWorld() {
    const timers = new ManualTimers(Date.UTC(2025, 0, 1, 12));
    world = await openWorld({ store, clock: timers, exchange: { timers, timerIntervalMs: INTERVAL_MS } });
    const alice = await addUser(world.database, 'alice');
    await world.exchange.deposit(alice, 'usd', '10000');
    const orders: OrderWire[] = [];
    world.exchange.events.on((e) => {
      if (e.type === 'order') orders.push(e.order);
    });
    const order = await world.exchange.placeOrder(alice, 'buy', {
      currency_pair: 'btcusd',
      price: '20000',
      quantity: '0.1',
      time_in_force: 'GTD',
      expires: timers.now() + 1_000,
    });
    return { w: world, timers, order, orders };
  }

  describe('GTD expiry on injected timers', () => {
    it('API.gtd.expired-within-250ms: the expiry interval runs on the injected timers and ends a due GTD order within one period', async () => {
      const { w, timers, order, orders } = await gtdWorld();
      expect(order.status).toBe('open');

      timers.advance(1_000 - INTERVAL_MS);
      await settle(w);
      expect(orders.filter((o) => o.id === order.id && o.status === 'expired')).toEqual([]);

      timers.advance(INTERVAL_MS);
      await settle(w);
      expect(orders.find((o) => o.id === order.id && o.status === 'expired')).toBeDefined();
    });

    it('API.gtd.expired-within-250ms: once the exchange stops, its interval is cleared from the timers', async () => {
      const { w, timers } = await gtdWorld();
      expect(timers.pending).toBe(1);
      await w.exchange.stop();
      expect(timers.pending).toBe(0);
    });
  });
});
