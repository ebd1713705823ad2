import { AppError, appError } from '../errors';
import type { Statement } from '../repositories/bulk-write';
import type { BatchCommitter } from './batch-committer';
import { GroupCommitQueue, type Outcome, type StartedBatch } from './group-commit-queue';

// The single writer's pipeline with group commit: commands are applied to the in-memory state
// in submission order, a batch at a time; each batch's statements are written in ONE
// transaction, and only after the commit are its callers answered. If a commit fails, memory is
// rebuilt from storage (which holds exactly what was acknowledged) and the batch is refused.
//
// Pipelining: batch N+1 is applied while batch N is being written. A failure (a commit, or a
// bug mid-command) leaves memory ahead of storage, so every batch still in flight fails with
// it, and memory is rebuilt from storage once the last of them has settled; new batches wait.

/** What the pipeline runs: the state, how commands change it, and what a batch writes. */
export interface PipelineDomain<S, C> {
  /** Builds the state from storage: at start, and after every failure. */
  load(): Promise<S>;
  /** Runs once per batch before its commands are applied (storage lookups they need). */
  prepare(state: S, commands: readonly C[]): Promise<void>;
  /** Applies one command in memory. An AppError refuses that command only; anything else thrown is a bug that drops the batch. */
  apply(state: S, command: C): unknown;
  /** What the batch changed: its statements (null when it writes nothing), and what to do once they are durable. */
  drain(state: S): { statements: readonly Statement[] | null; committed(): void };
}

export interface PipelineLogger {
  error(obj: object, msg?: string): void;
}

export interface CommitPipelineOptions {
  committer: BatchCommitter;
  log: PipelineLogger;
  maxBatch?: number;
  /** Batches that may wait for the writer at once (it commits those waiting together). */
  maxInFlight?: number;
}

export interface CommitPipeline<S, C> {
  /** Loads the state from storage (a failure here is the caller's). */
  load(): Promise<S>;
  /** Answers with what `apply` returned, once the command's batch is durable. */
  submit<R>(command: C): Promise<R>;
  /** The state commands were last applied to; null before the first load and while it is rebuilt. */
  current(): S | null;
  /** Resolves when every submitted command has been answered. */
  idle(): Promise<void>;
  /** Answers everything queued, refuses later commands with 503, then closes the committer. */
  close(): Promise<void>;
}

export function createCommitPipeline<S, C>(domain: PipelineDomain<S, C>, options: CommitPipelineOptions): CommitPipeline<S, C> {
  const { committer, log } = options;
  let state: S | null = null;
  let inFlight = 0;
  /** Settles true when every batch started so far committed; false once one has failed. */
  let chain: Promise<boolean> = Promise.resolve(true);
  let failure: { reason: unknown; recovered: Promise<void>; recover(): void } | null = null;
  // A function, so the check reads the current value (not the one narrowed at the batch's start).
  const failureNow = () => failure;

  async function rebuild(reason: unknown): Promise<void> {
    log.error({ err: reason }, 'exchange batch failed; rebuilding the books and the ledger from storage');
    state = null;
    try {
      state = await domain.load();
    } catch (err) {
      log.error({ err }, 'exchange rebuild failed; refusing commands until the next attempt');
    }
  }

  function fail(reason: unknown): void {
    if (failure) return;
    let recover!: () => void;
    const recovered = new Promise<void>((resolve) => (recover = resolve));
    failure = { reason, recovered, recover };
    if (inFlight === 0) void recoverNow();
  }

  async function recoverNow(): Promise<void> {
    const f = failure;
    if (!f) return;
    await rebuild(f.reason);
    await committer.resume().catch((err: unknown) => log.error({ err }, 'exchange writer did not resume'));
    failure = null;
    chain = Promise.resolve(true);
    f.recover();
  }

  /** Waits for the batches before it and for its own write; answers once all are durable. */
  function settle(
    commands: readonly C[],
    outcomes: Outcome<unknown>[],
    drained: ReturnType<PipelineDomain<S, C>['drain']>,
  ): Promise<Outcome<unknown>[]> {
    // Posted now, so the writer works on it while the next batch is applied.
    const written = drained.statements === null ? null : committer.commit(drained.statements);
    written?.catch(() => undefined);
    const before = chain;
    inFlight += 1;
    const settled = (async (): Promise<{ ok: boolean; list: Outcome<unknown>[] }> => {
      // A batch that writes nothing still answers after the batches before it are durable:
      // its outcomes were decided on memory that included them.
      const earlierOk = await before;
      let cause: unknown = failureNow()?.reason;
      let ok = earlierOk;
      if (written) {
        try {
          await written;
        } catch (error) {
          ok = false;
          cause = error;
        }
      }
      if (!ok) {
        fail(cause);
        return { ok, list: unavailable(commands, cause) };
      }
      drained.committed();
      return { ok, list: outcomes };
    })();
    chain = settled.then((r) => r.ok);
    return settled.then(async (r) => {
      inFlight -= 1;
      // Whoever is refused is answered once memory matches storage again, so a retry sees it.
      const f = failureNow();
      if (f) {
        if (inFlight === 0) void recoverNow();
        await f.recovered;
      }
      return r.list;
    });
  }

  async function startBatch(commands: readonly C[]): Promise<StartedBatch<unknown>> {
    while (failure) await failure.recovered;
    if (!state) await rebuild('no state');
    const s = state;
    if (!s) return { outcomes: Promise.resolve(unavailable(commands)) };
    await domain.prepare(s, commands);
    const { outcomes, broken } = applyAll(domain, s, commands);
    if (broken !== null) {
      fail(broken);
      const recovered = failureNow()?.recovered ?? Promise.resolve();
      return { outcomes: recovered.then(() => unavailable(commands, broken)) };
    }
    return { outcomes: settle(commands, outcomes, domain.drain(s)) };
  }

  const queue = new GroupCommitQueue<C, unknown>({
    startBatch,
    maxBatch: options.maxBatch ?? 1000,
    maxInFlight: options.maxInFlight ?? 4,
    closedError: () => appError('exchange_unavailable'),
  });

  return {
    async load() {
      state = await domain.load();
      return state;
    },
    submit: <R>(command: C) => queue.submit(command) as Promise<R>,
    current: () => state,
    idle: () => queue.idle(),
    async close() {
      await queue.close();
      await committer.close();
    },
  };
}

function unavailable(commands: readonly unknown[], cause?: unknown): Outcome<unknown>[] {
  return commands.map(() => ({
    ok: false,
    error: cause === undefined ? appError('exchange_unavailable') : appError('exchange_unavailable', { cause }),
  }));
}

/** Applies every command; `broken` is what a bug threw when one stopped the batch (memory may be half-changed). */
function applyAll<S, C>(domain: PipelineDomain<S, C>, s: S, commands: readonly C[]): { outcomes: Outcome<unknown>[]; broken: unknown } {
  const outcomes: Outcome<unknown>[] = [];
  for (const command of commands) {
    try {
      outcomes.push({ ok: true, value: domain.apply(s, command) });
    } catch (error) {
      if (error instanceof AppError) {
        outcomes.push({ ok: false, error });
        continue;
      }
      return { outcomes, broken: error };
    }
  }
  return { outcomes, broken: null };
}
