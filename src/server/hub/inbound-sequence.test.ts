import { describe, expect, it } from 'vitest';
import { InboundSequence } from './inbound-sequence';

describe('InboundSequence', () => {
  it('CORE.hub-stateful.inbound-counted: counts trackable messages for the next Ack and passes the rest through', () => {
    const seq = new InboundSequence();
    expect([1, 6, 1, 8, 3].map((t) => seq.accept(t))).toEqual([true, true, true, true, true]);
    expect(seq.takeAck()).toBe(3);
    expect(seq.takeAck()).toBeNull();
  });

  it('CORE.hub-stateful.resumed-inbound: after a resume, drops everything until the Sequence, then drops replayed duplicates', () => {
    const seq = new InboundSequence();
    seq.accept(1);
    seq.accept(1);
    seq.accept(1);
    seq.takeAck();
    seq.expectSequence();
    expect(seq.accept(1)).toBe(false);
    expect(seq.accept(6)).toBe(false);
    expect(seq.accept(9)).toBe(true);
    expect(seq.reset(2)).toEqual({ ok: true, value: undefined });
    expect([seq.accept(1), seq.accept(1), seq.accept(1)]).toEqual([false, false, true]);
    // The last Ack may have died with the old transport, so it is sent again.
    expect(seq.takeAck()).toBe(4);
  });

  it('CORE.hub-stateful.sequence-beyond-sent: refuses a Sequence beyond what was received', () => {
    const seq = new InboundSequence();
    seq.accept(1);
    expect(seq.reset(2)).toMatchObject({ ok: true });
    expect(seq.reset(3)).toMatchObject({ ok: false, code: 'SEQUENCE_OUT_OF_RANGE' });
  });
});
