import type { TickerWire } from '../../shared/hub/messages';
import type { TimerHandle, Timers } from '../time/timers';
import { CoalescingThrottle } from './coalescing-throttle';
import { BUCKET_MS, type RollingTicker } from './rolling-ticker';

// The ticker half of market data: a pair's 24 h ticker goes out at most once per interval after
// a trade, and again whenever trades leave the window, checked at each minute boundary.

export interface TickerPublisherOptions {
  timers: Timers;
  intervalMs: number;
  /** The rolling ticker of a pair, created on first use. */
  ticker(pair: string): RollingTicker;
  /** Every pair's ticker, for the minute check. */
  all(): Iterable<readonly [string, { readonly ticker: RollingTicker }]>;
  publish(ticker: TickerWire): void;
  /** Runs work whose failure must not stop the others. */
  guard(work: () => void): void;
}

export class TickerPublisher {
  private readonly throttle: CoalescingThrottle<string>;
  private minuteTimer: TimerHandle | null = null;

  constructor(private readonly o: TickerPublisherOptions) {
    this.throttle = new CoalescingThrottle<string>(o.timers, o.intervalMs, (pair) =>
      o.guard(() => o.publish(o.ticker(pair).snapshot(o.timers.now()))),
    );
  }

  /** A trade changed the pair's ticker. */
  changed(pair: string): void {
    this.throttle.mark(pair);
  }

  start(): void {
    this.armMinuteTimer();
  }

  stop(): void {
    if (this.minuteTimer !== null) this.o.timers.clearTimeout(this.minuteTimer);
    this.minuteTimer = null;
    this.throttle.stop();
  }

  private armMinuteTimer(): void {
    const { timers } = this.o;
    const now = timers.now();
    const next = (Math.floor(now / BUCKET_MS) + 1) * BUCKET_MS;
    this.minuteTimer = timers.setTimeout(() => {
      // Trades leaving the 24 h window change the ticker without any new trade.
      const at = timers.now();
      for (const [pair, s] of this.o.all()) if (s.ticker.advance(at)) this.throttle.mark(pair);
      this.armMinuteTimer();
    }, next - now);
  }
}
