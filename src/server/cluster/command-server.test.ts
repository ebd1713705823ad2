import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../exchange/exchange';
import { clusterChannels } from './channels';
import { createCommandServer } from './command-server';

/** A command stream in memory: the reader hands out what was added, `batch` at a time. */
function fakeStream() {
  const entries: [string, string[]][] = [];
  let wake: (() => void) | null = null;
  let next = 1;
  const acked: string[] = [];
  const reader = {
    async xreadgroup(...args: (string | number)[]) {
      const count = Number(args[args.indexOf('COUNT') + 1]);
      const blocking = args.includes('BLOCK');
      if (!blocking) return null;
      if (entries.length === 0) await new Promise<void>((r) => setTimeout((wake = r), 20));
      const out = entries.splice(0, count);
      return out.length ? [['stream', out]] : null;
    },
  };
  const writer = {
    async xgroup() {
      return 'OK';
    },
    async xack(_stream: string, _group: string, ...ids: string[]) {
      acked.push(...ids);
      return ids.length;
    },
    pipeline() {
      const ops: (() => void)[] = [];
      const p = {
        publish: () => p,
        xack: (_s: string, _g: string, ...ids: string[]) => (ops.push(() => acked.push(...ids)), p),
        exec: async () => (ops.forEach((op) => op()), []),
      };
      return p;
    },
  };
  return {
    reader: reader as unknown as Redis,
    writer: writer as unknown as Redis,
    acked,
    add(userId: string) {
      const command = { id: `c${next}`, edge: 'edge-1', method: 'feeRates', args: [userId], deadline: Date.now() + 60_000 };
      entries.push([`${next++}-0`, ['c', JSON.stringify(command)]]);
      wake?.();
    },
  };
}

describe('cluster core command reader', () => {
  it('CORE.cluster.core-reads-within-in-flight: reading pauses at maxInFlight unanswered commands and resumes when one is answered', async () => {
    const stream = fakeStream();
    const answers: (() => void)[] = [];
    const exchange = {
      feeRates: () => new Promise<object>((resolve) => answers.push(() => resolve({}))),
    } as unknown as Exchange;
    const server = createCommandServer({
      reader: stream.reader,
      writer: stream.writer,
      channels: clusterChannels('t'),
      exchange,
      clock: { now: () => Date.now() },
      marketSnapshot: () => ({}),
      batch: 1,
      maxInFlight: 3,
      log: { warn() {}, error() {} },
    });
    await server.start();
    for (let i = 0; i < 6; i++) stream.add(`u${i}`);
    // Progress is awaited until it shows; that reading stays paused is checked after a pause,
    // which a slow machine can only make pass late, never fail.
    const pause = () => new Promise((r) => setTimeout(r, 60));
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(3));
    await pause();
    expect(answers).toHaveLength(3);
    answers[0]!();
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(4));
    await pause();
    expect(answers).toHaveLength(4);
    expect(stream.acked).toEqual(['1-0']);
    for (const answer of answers.slice(1)) answer();
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(6));
    expect(answers).toHaveLength(6);
    for (const answer of answers.slice(4)) answer();
    const stopping = server.stop();
    await stopping;
    expect(stream.acked).toHaveLength(6);
    expect(server.stats.handled).toBe(6);
  });
});
