import type { HubFactory } from '../connection/hub-connection';
import type { FetchLike } from '../private/rest-client';
import type { FrameScheduler } from '../time/frame';
import type { Timers } from '../time/timers';

/**
 * Everything outside the engine — hub, HTTP, clock, timers, frames — injected, so the same code
 * runs in the worker, in Node tests on manual time, and in the bench.
 */
export interface EngineDeps {
  readonly timers: Timers;
  readonly hubFactory: HubFactory;
  readonly fetch: FetchLike;
  /** Defaults to ~16 ms timer frames. */
  readonly frames?: FrameScheduler;
  /** Least time between two publications of market data alone (MARKET_PACING_MS); 0 publishes every frame. */
  readonly marketPacingMs?: number;
  /** IsConnectionHealthy probe interval; 0 disables (tests). */
  readonly healthIntervalMs?: number;
  /** Source of client_order_id randomness (tests pin it). */
  readonly random?: () => number;
}
