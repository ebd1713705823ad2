import { describe, expect, it } from 'vitest';
import { frameFromText } from './protocol/json';
import { ReplayBuffer } from './replay-buffer';

const frame = (text: string) => frameFromText(text, true);

describe('ReplayBuffer', () => {
  it('CORE.hub-stateful.numbering: numbers trackable messages from 1 and replays the unacknowledged ones after a Sequence id', () => {
    const buffer = new ReplayBuffer(1_000);
    expect(buffer.replay()).toEqual({ sequenceId: 1, frames: [] });
    const a = frame('a');
    const b = frame('bb');
    const c = frame('ccc');
    expect([buffer.push(a), buffer.push(b), buffer.push(c)]).toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 2 },
      { ok: true, value: 3 },
    ]);
    expect(buffer.bufferedBytes).toBe(6);
    buffer.ack(1);
    expect(buffer.replay()).toEqual({ sequenceId: 2, frames: [b, c] });
    expect(buffer.bufferedBytes).toBe(5);
    buffer.ack(3);
    // Nothing pending: the Sequence names the id the next message will get.
    expect(buffer.replay()).toEqual({ sequenceId: 4, frames: [] });
    expect(buffer.push(frame('d'))).toEqual({ ok: true, value: 4 });
  });

  it('CORE.hub-stateful.acks: treats acks as cumulative, idempotent and clamped to what was sent', () => {
    const buffer = new ReplayBuffer(1_000);
    for (const t of ['a', 'b', 'c']) buffer.push(frame(t));
    buffer.ack(2);
    buffer.ack(1);
    expect(buffer.bufferedCount).toBe(1);
    buffer.ack(99);
    expect(buffer.bufferedCount).toBe(0);
    expect(buffer.push(frame('d'))).toEqual({ ok: true, value: 4 });
  });

  it('CORE.hub-stateful.buffer-bound: refuses a message that would exceed the byte bound and keeps numbering intact', () => {
    const buffer = new ReplayBuffer(5);
    expect(buffer.push(frame('abc'))).toMatchObject({ ok: true, value: 1 });
    expect(buffer.push(frame('def'))).toMatchObject({ ok: false, code: 'REPLAY_BUFFER_FULL' });
    buffer.ack(1);
    expect(buffer.push(frame('def'))).toEqual({ ok: true, value: 2 });
  });

  it('CORE.hub-stateful.compaction: stays correct across many acks (compaction)', () => {
    const buffer = new ReplayBuffer(1_000_000);
    for (let i = 1; i <= 5_000; i++) buffer.push(frame(String(i)));
    for (let i = 1; i <= 4_990; i += 7) buffer.ack(i);
    buffer.ack(4_990);
    const { sequenceId, frames } = buffer.replay();
    expect(sequenceId).toBe(4_991);
    expect(frames.map((f) => f.text)).toEqual(['4991', '4992', '4993', '4994', '4995', '4996', '4997', '4998', '4999', '5000']);
  });
});
