// How many simulator events are due at each tick to hold `rate` events a second: the fraction
// left over carries to the next tick, but at most a quarter second of it, so an exchange that
// fell behind is not hit with a burst when it catches up.

/** At most this much unspent rate is carried over, so a slow exchange does not cause a burst. */
const MAX_BACKLOG_S = 0.25;

export interface DueEvents {
  /** Milliseconds since the previous tick. */
  readonly dt: number;
  /** Events to send now. */
  readonly due: number;
  /** Events given up because the backlog was over its cap. */
  readonly dropped: number;
}

export class EventBudget {
  private lastTick = 0;
  private budget = 0;

  constructor(private readonly rate: number) {}

  /** The loop (re)starts at `now`: the first tick counts from here. */
  start(now: number): void {
    this.lastTick = now;
  }

  tick(now: number): DueEvents {
    const dt = now - this.lastTick;
    this.lastTick = now;
    this.budget += (this.rate * dt) / 1000;
    const cap = Math.max(1, this.rate * MAX_BACKLOG_S);
    let dropped = 0;
    if (this.budget > cap) {
      dropped = Math.floor(this.budget - cap);
      this.budget = cap;
    }
    const due = Math.floor(this.budget);
    this.budget -= due;
    return { dt, due, dropped };
  }
}
