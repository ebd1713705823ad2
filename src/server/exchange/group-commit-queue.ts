// A single-writer command queue with group commit. Commands are applied strictly in the order
// they were submitted; whatever queued up while the previous batch was being written becomes the
// next batch, so under load one database commit answers many commands, and when idle a command
// is its own batch. `runBatch` applies a batch, commits it, and only then are the callers
// answered (in order); nobody is told "done" before their change is durable.

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface GroupCommitOptions<C, R> {
  /** Applies and commits the batch; one outcome per command, in order. */
  runBatch(commands: readonly C[]): Promise<Outcome<R>[]>;
  /** Largest batch (bounds the latency of one commit). */
  maxBatch?: number;
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
  private idleWaiters: (() => void)[] = [];
  private readonly maxBatch: number;

  constructor(private readonly options: GroupCommitOptions<C, R>) {
    this.maxBatch = options.maxBatch ?? 1000;
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

  /** Resolves when the queue is empty and no batch is running. */
  idle(): Promise<void> {
    if (!this.running && !this.scheduled && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: requests already read from sockets in this turn of the
    // event loop join the first batch instead of each making its own commit.
    setImmediate(() => {
      this.scheduled = false;
      void this.loop();
    });
  }

  private async loop(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        let outcomes: Outcome<R>[];
        try {
          outcomes = await this.options.runBatch(batch.map((e) => e.command));
        } catch (error) {
          outcomes = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((entry, i) => {
          const outcome = outcomes[i] ?? { ok: false, error: new Error('No outcome for command') };
          if (outcome.ok) entry.resolve(outcome.value);
          else entry.reject(outcome.error);
        });
        // Let sockets be read so the next batch gathers what arrived meanwhile.
        if (this.queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.running = false;
      if (this.queue.length > 0) this.schedule();
      else {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const w of waiters) w();
      }
    }
  }
}
