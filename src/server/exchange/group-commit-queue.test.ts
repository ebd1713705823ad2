import { describe, expect, it } from 'vitest';
import { GroupCommitQueue, type Outcome } from './group-commit-queue';

const tick = () => new Promise<void>((r) => setImmediate(r));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const times10 = (commands: readonly number[]): Outcome<number>[] => commands.map((c) => ({ ok: true, value: c * 10 }));

describe('group commit queue', () => {
  it('CORE.commit.applied-in-order, API.commit.batch-is-what-queued: commands are applied strictly in submission order, and what queues while a batch is applied becomes the next batch', async () => {
    const batches: number[][] = [];
    const applied = deferred<void>();
    let first = true;
    const queue = new GroupCommitQueue<number, number>({
      async startBatch(commands) {
        batches.push([...commands]);
        if (first) {
          first = false;
          await applied.promise;
        }
        return { outcomes: Promise.resolve(times10(commands)) };
      },
    });
    const a = queue.submit(1);
    await tick();
    const rest = [2, 3, 4].map((n) => queue.submit(n));
    applied.resolve();
    expect(await Promise.all([a, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('API.commit.pipelined: the next batch is applied while the previous one commits, but answered only after it', async () => {
    const commits: ReturnType<typeof deferred<void>>[] = [];
    const events: string[] = [];
    const queue = new GroupCommitQueue<number, number>({
      async startBatch(commands) {
        events.push(`apply ${commands.join(',')}`);
        const commit = deferred<void>();
        commits.push(commit);
        return { outcomes: commit.promise.then(() => times10(commands)) };
      },
    });
    const a = queue.submit(1).then((v) => events.push(`answer ${v}`));
    await tick();
    const b = queue.submit(2).then((v) => events.push(`answer ${v}`));
    await tick();
    await tick();
    expect(events).toEqual(['apply 1', 'apply 2']);
    commits[1]!.resolve();
    await tick();
    expect(events).toEqual(['apply 1', 'apply 2']);
    commits[0]!.resolve();
    await Promise.all([a, b]);
    expect(events).toEqual(['apply 1', 'apply 2', 'answer 10', 'answer 20']);
  });

  it('CORE.commit.max-in-flight: no more than maxInFlight batches wait for their commit at once', async () => {
    const commits: ReturnType<typeof deferred<void>>[] = [];
    const queue = new GroupCommitQueue<number, number>({
      maxInFlight: 2,
      async startBatch(commands) {
        const commit = deferred<void>();
        commits.push(commit);
        return { outcomes: commit.promise.then(() => times10(commands)) };
      },
    });
    const answers = [queue.submit(1)];
    await tick();
    answers.push(queue.submit(2));
    await tick();
    answers.push(queue.submit(3), queue.submit(4));
    await tick();
    await tick();
    expect(commits).toHaveLength(2);
    commits[0]!.resolve();
    await answers[0];
    await tick();
    await tick();
    expect(commits).toHaveLength(3);
    commits[1]!.resolve();
    commits[2]!.resolve();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });
});

describe('group commit queue: failures and closing', () => {
  it('CORE.commit.durable-before-answer: nobody is answered before the batch is durable; a failed batch rejects every command in it', async () => {
    let durable = false;
    const queue = new GroupCommitQueue<number, number>({
      async startBatch() {
        return {
          outcomes: new Promise<Outcome<number>[]>((_, reject) =>
            setTimeout(() => {
              durable = true;
              reject(new Error('disk full'));
            }, 5),
          ),
        };
      },
    });
    const results = await Promise.allSettled([queue.submit(1), queue.submit(2)]);
    expect(durable).toBe(true);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('CORE.commit.apply-failure-rejects-batch: a batch that cannot be applied rejects every command in it, and the queue goes on', async () => {
    let calls = 0;
    const queue = new GroupCommitQueue<number, number>({
      async startBatch(commands) {
        calls += 1;
        if (calls === 1) throw new Error('no state');
        return { outcomes: Promise.resolve(times10(commands)) };
      },
    });
    await expect(queue.submit(1)).rejects.toThrow('no state');
    expect(await queue.submit(2)).toBe(20);
  });

  it('CORE.commit.close-drains: close answers what is queued, then refuses new commands; idle waits for commits', async () => {
    const queue = new GroupCommitQueue<number, number>({
      async startBatch(commands) {
        return { outcomes: new Promise((r) => setTimeout(() => r(times10(commands)), 5)) };
      },
      closedError: () => new Error('closed'),
    });
    const pending = queue.submit(7);
    let answered = false;
    void pending.then(() => (answered = true));
    await queue.close();
    expect(answered).toBe(true);
    expect(await pending).toBe(70);
    await expect(queue.submit(8)).rejects.toThrow('closed');
  });
});
