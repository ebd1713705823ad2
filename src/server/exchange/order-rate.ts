import type { Clock } from '../time/timers';

// The per-user order rate, counted where every order passes: the exchange (in a cluster, the
// core). A counter in the HTTP layer would be one more Redis round trip per order on an edge,
// because edges share their counters; the core sees every order anyway, so its count is the
// whole cluster's. A window opens with a user's first order and lasts `windowMs`, as
// @fastify/rate-limit's windows do for the other limits.

/** At most `max` orders in `windowMs` (the shape of the config's rate-limit rules). */
export interface OrderRateRule {
  max: number;
  windowMs: number;
}

export interface OrderRate {
  /** Counts one order of `userId`; how long to wait when it is over `rule.max` in the window. */
  take(userId: string, rule: OrderRateRule): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

/** Takes between sweeps of windows that have closed, so the map holds active users only. */
const SWEEP_EVERY = 4096;

export function createOrderRate(clock: Clock): OrderRate {
  const windows = new Map<string, { until: number; count: number }>();
  let takes = 0;

  function sweep(now: number): void {
    for (const [user, w] of windows) if (w.until <= now) windows.delete(user);
  }

  return {
    take(userId, rule) {
      const now = clock.now();
      if (++takes % SWEEP_EVERY === 0) sweep(now);
      let w = windows.get(userId);
      if (!w || w.until <= now) {
        w = { until: now + rule.windowMs, count: 0 };
        windows.set(userId, w);
      }
      w.count += 1;
      if (w.count <= rule.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.until - now) / 1000)) };
    },
  };
}
