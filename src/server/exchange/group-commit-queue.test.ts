import { describe, expect, it } from 'vitest';
import { GroupCommitQueue } from './group-commit-queue';

describe('group commit queue', () => {
  it('commands are applied strictly in submission order, and what queues during a commit becomes the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    let first = true;
    const queue = new GroupCommitQueue<number, number>({
      async runBatch(commands) {
        batches.push([...commands]);
        if (first) {
          first = false;
          await new Promise<void>((r) => (release = r));
        }
        return commands.map((c) => ({ ok: true, value: c * 10 }));
      },
    });
    const a = queue.submit(1);
    await new Promise((r) => setImmediate(r));
    const rest = [2, 3, 4].map((n) => queue.submit(n));
    release();
    expect(await Promise.all([a, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('nobody is answered before the batch resolves; a failed batch rejects every command in it', async () => {
    let resolved = false;
    const queue = new GroupCommitQueue<number, number>({
      async runBatch() {
        await new Promise((r) => setTimeout(r, 5));
        expect(resolved).toBe(false);
        throw new Error('disk full');
      },
    });
    const results = await Promise.allSettled([queue.submit(1), queue.submit(2)]);
    resolved = true;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('close answers what is queued, then refuses new commands', async () => {
    const queue = new GroupCommitQueue<number, number>({
      async runBatch(commands) {
        return commands.map((c) => ({ ok: true, value: c }));
      },
      closedError: () => new Error('closed'),
    });
    const pending = queue.submit(7);
    await queue.close();
    expect(await pending).toBe(7);
    await expect(queue.submit(8)).rejects.toThrow('closed');
  });
});
