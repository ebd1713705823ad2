import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type AppDatabase } from '../db/database';
import { appError } from '../errors';
import type { Statement } from '../repositories/bulk-write';
import { inlineCommitter, type BatchCommitter } from './batch-committer';
import { createCommitPipeline, type CommitPipeline, type PipelineDomain } from './commit-pipeline';

// The pipeline on its own, with a domain small enough to see through: a set of numbers kept in
// memory and in a table, on a real SQLite database and the real inline committer.

interface Numbers {
  values: number[];
  pending: number[];
}

type Add = { kind: 'add'; value: number } | { kind: 'bug'; value: number };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function world(wrap: (c: BatchCommitter) => BatchCommitter = (c) => c) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-pipeline-'));
  const database: AppDatabase = createDatabase({ dataDir: dir });
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => database.close());
  await sql`create table numbers (v integer primary key)`.execute(database.db);
  const stored = async () => (await sql<{ v: number }>`select v from numbers order by v`.execute(database.db)).rows.map((r) => r.v);
  let failCommits = 0;
  const committed: number[][] = [];
  let loads = 0;
  const domain: PipelineDomain<Numbers, Add> = {
    async load() {
      loads += 1;
      return { values: await stored(), pending: [] };
    },
    async prepare() {},
    apply(s, c) {
      // A bug half-way: memory changed, then a throw that is not a refusal.
      s.values.push(c.value);
      if (c.kind === 'bug') throw new Error('bug mid-command');
      if (s.values.indexOf(c.value) !== s.values.length - 1) {
        s.values.pop();
        throw appError('not_found', { detail: `${c.value} is there already.` });
      }
      s.pending.push(c.value);
      return c.value;
    },
    drain(s) {
      const batch = s.pending;
      s.pending = [];
      const statements: Statement[] = batch.map((v) => ({ sql: 'insert into numbers (v) values (?)', params: [v] }));
      return { statements: statements.length > 0 ? statements : null, committed: () => committed.push(batch) };
    },
  };
  const committer = wrap(
    inlineCommitter(database, () => {
      if (failCommits > 0) {
        failCommits -= 1;
        throw new Error('disk full');
      }
    }),
  );
  const pipeline: CommitPipeline<Numbers, Add> = createCommitPipeline(domain, { committer, log: { error() {} } });
  await pipeline.load();
  cleanups.push(() => pipeline.close());
  return {
    pipeline,
    stored,
    committed,
    loads: () => loads,
    failNextCommit: () => (failCommits = 1),
    add: (value: number) => pipeline.submit<number>({ kind: 'add', value }),
  };
}

/** Holds every commit until `release()`; `reached` settles once the first commit is asked for. */
function holdingCommits() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const reachedP = new Promise<void>((resolve) => (reached = resolve));
  const wrap = (inner: BatchCommitter): BatchCommitter => ({
    commit(statements) {
      reached();
      return gate.then(() => inner.commit(statements));
    },
    resume: () => inner.resume(),
    close: () => inner.close(),
  });
  return { wrap, release, reached: reachedP };
}

const settled = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('commit pipeline', () => {
  it('CORE.commit.durable-before-answer: nobody is answered before their batch is in storage', async () => {
    const w = await world();
    const seenAtAnswer = await Promise.all([1, 2, 3].map((v) => w.add(v).then(async () => w.stored())));
    for (const [i, rows] of seenAtAnswer.entries()) expect(rows).toContain(i + 1);
    expect(await w.stored()).toEqual([1, 2, 3]);
  });

  it('CORE.commit.applied-in-order, API.commit.answer-after-commit: commands are applied in submission order and their events follow the commits in order', async () => {
    const w = await world();
    const answers = await Promise.all([5, 3, 9, 1].map((v) => w.add(v)));
    expect(answers).toEqual([5, 3, 9, 1]);
    expect(w.pipeline.current()!.values).toEqual([5, 3, 9, 1]);
    expect(w.committed.flat()).toEqual([5, 3, 9, 1]);
  });

  it('CORE.commit.refusal-refuses-one: a refusal (an AppError) refuses that command only; the rest of its batch commits', async () => {
    const w = await world();
    const results = await Promise.all([settled(w.add(1)), settled(w.add(1)), settled(w.add(2))]);
    expect(results[0]).toMatchObject({ ok: true, value: 1 });
    expect(results[1]).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(results[2]).toMatchObject({ ok: true, value: 2 });
    expect(await w.stored()).toEqual([1, 2]);
  });

  it('API.commit.failure-rebuilds-memory: a failed commit refuses its batch with 503 and memory is rebuilt from storage', async () => {
    const w = await world();
    await w.add(1);
    w.failNextCommit();
    await expect(w.add(2)).rejects.toMatchObject({ code: 'exchange_unavailable', status: 503 });
    expect(w.loads()).toBe(2);
    expect(w.pipeline.current()!.values).toEqual([1]);
    // The retry is applied to the rebuilt memory and commits.
    expect(await w.add(2)).toBe(2);
    expect(await w.stored()).toEqual([1, 2]);
  });

  it('CORE.commit.apply-failure-rejects-batch: a bug mid-command drops its whole batch, memory is rebuilt and the queue goes on', async () => {
    const w = await world();
    const results = await Promise.all([settled(w.add(4)), settled(w.pipeline.submit({ kind: 'bug', value: 7 }))]);
    for (const r of results) expect(r).toMatchObject({ ok: false, error: { code: 'exchange_unavailable' } });
    expect(w.pipeline.current()!.values).toEqual([]);
    expect(await w.stored()).toEqual([]);
    expect(await w.add(4)).toBe(4);
  });

  it('API.commit.failure-refuses-later-batches: a batch applied while the one before it commits fails with it; memory is rebuilt once both settled', async () => {
    const hold = holdingCommits();
    const w = await world(hold.wrap);
    w.failNextCommit();
    const first = settled(w.add(1));
    await hold.reached;
    // Applied on memory that already holds 1, while 1 is still being written.
    const second = settled(w.add(2));
    while (!w.pipeline.current()?.values.includes(2)) await new Promise((resolve) => setImmediate(resolve));
    hold.release();
    expect(await first).toMatchObject({ ok: false, error: { code: 'exchange_unavailable' } });
    expect(await second).toMatchObject({ ok: false, error: { code: 'exchange_unavailable' } });
    expect(await w.stored()).toEqual([]);
    expect(w.pipeline.current()!.values).toEqual([]);
    expect(w.loads()).toBe(2);
    expect(await w.add(2)).toBe(2);
  });

  it('CORE.commit.close-drains: closing answers what is queued, then refuses new commands', async () => {
    const w = await world();
    const queued = w.add(1);
    await w.pipeline.close();
    expect(await queued).toBe(1);
    await expect(w.add(2)).rejects.toMatchObject({ code: 'exchange_unavailable' });
    expect(await w.stored()).toEqual([1]);
  });
});
