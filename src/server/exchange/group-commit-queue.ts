// A single-writer command queue with pipelined group commit. Commands are applied strictly in the
// order they were submitted; whatever queued up while the previous batch was being applied
// becomes the next batch, so under load one database commit answers many commands, and when
// idle a command is its own batch. Applying (in memory) and committing (on the writer) overlap:
// batch N+1 is applied while batch N is being written, up to `maxInFlight` batches not yet
// durable. Callers are answered batch by batch, in order, and only once their batch is durable:
// nobody is told "done" before their change is.

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface StartedBatch<R> {
  /**
   * One outcome per command, in order; settles once the batch is durable (or has failed). A
   * rejection fails every command of the batch. Batches are answered in order whatever order
   * these settle in.
   */
  outcomes: Promise<Outcome<R>[]>;
}

export interface GroupCommitOptions<C, R> {
  /**
   * Applies a batch and starts making it durable. Resolves as soon as the next batch may be
   * applied; throwing fails every command of the batch.
   */
  startBatch(commands: readonly C[]): Promise<StartedBatch<R>>;
  /** Largest batch (bounds the latency of one commit). */
  maxBatch?: number;
  /** Batches applied but not yet durable at one time (default 2: one being written, one applied). */
  maxInFlight?: number;
  /** What callers get once the queue is closed. */
  closedError?: () => unknown;
}

interface Entry<C, R> {
  command: C;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class GroupCommitQueue<C, R> {
  private queue: Entry<C, R>[] = [];
  private running = false;
  private scheduled = false;
  private closed = false;
  private inFlight = 0;
  /** Settles once the latest started batch has been answered. */
  private answered: Promise<void> = Promise.resolve();
  private idleWaiters: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(private readonly options: GroupCommitOptions<C, R>) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 2);
  }

  get length(): number {
    return this.queue.length;
  }

  submit(command: C): Promise<R> {
    if (this.closed) return Promise.reject(this.options.closedError?.() ?? new Error('Queue closed'));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      this.schedule();
    });
  }

  /** Stops taking commands; resolves once everything already queued has been answered. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  /** Resolves when the queue is empty and every batch has been answered. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return !this.running && !this.scheduled && this.inFlight === 0 && this.queue.length === 0;
  }

  private schedule(): void {
    if (this.running || this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // setImmediate, not a microtask: requests already read from sockets in this turn of the
    // event loop join the batch instead of each making its own commit.
    setImmediate(() => {
      this.scheduled = false;
      void this.loop();
    });
  }

  private async loop(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
        const batch = this.queue.splice(0, this.maxBatch);
        const commands = batch.map((e) => e.command);
        let outcomes: Promise<Outcome<R>[]>;
        try {
          outcomes = (await this.options.startBatch(commands)).outcomes;
        } catch (error) {
          outcomes = Promise.resolve(batch.map(() => ({ ok: false, error })));
        }
        this.inFlight += 1;
        const settled = outcomes.catch((error: unknown) => batch.map((): Outcome<R> => ({ ok: false, error })));
        const previous = this.answered;
        this.answered = Promise.all([settled, previous]).then(([list]) => this.answer(batch, list));
        // Let sockets be read so the next batch gathers what arrived meanwhile.
        if (this.queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.running = false;
      this.settle();
    }
  }

  private answer(batch: readonly Entry<C, R>[], outcomes: readonly Outcome<R>[]): void {
    batch.forEach((entry, i) => {
      const outcome = outcomes[i] ?? { ok: false, error: new Error('No outcome for command') };
      if (outcome.ok) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
    });
    this.inFlight -= 1;
    this.settle();
  }

  private settle(): void {
    if (this.queue.length > 0) {
      this.schedule();
      return;
    }
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
