import { describe, expect, it } from 'vitest';
import { ManualTimers } from './manual-timers';
import { timersOn } from './timers';

describe('server time', () => {
  it('CORE.time.manual-timers: timers fire in due order as time moves, ties in the order set, cancelled ones never', () => {
    const t = new ManualTimers(1_000);
    const fired: string[] = [];
    t.setTimeout(() => fired.push(`b@${t.now()}`), 30);
    const cancelled = t.setTimeout(() => fired.push('cancelled'), 20);
    t.setTimeout(() => {
      fired.push(`a@${t.now()}`);
      t.setTimeout(() => fired.push(`c@${t.now()}`), 5);
    }, 10);
    t.setTimeout(() => fired.push(`b2@${t.now()}`), 30);
    t.clearTimeout(cancelled);
    expect(t.pending).toBe(3);
    t.advance(29);
    expect(fired).toEqual(['a@1010', 'c@1015']);
    expect(t.now()).toBe(1_029);
    t.advance(1);
    expect(fired).toEqual(['a@1010', 'c@1015', 'b@1030', 'b2@1030']);
    expect(t.pending).toBe(0);
  });

  it('CORE.time.manual-timers: an interval fires as often as it falls due until cleared; set() moves time without firing', () => {
    const t = new ManualTimers(0);
    const at: number[] = [];
    const every = t.setInterval(() => at.push(t.now()), 100);
    t.advance(350);
    expect(at).toEqual([100, 200, 300]);
    t.set(10_000);
    expect(at).toEqual([100, 200, 300]);
    t.clearInterval(every);
    t.advance(1_000);
    expect(at).toEqual([100, 200, 300]);
    expect(t.pending).toBe(0);
  });

  it('CORE.time.manual-timers: timersOn tells the time of its clock and schedules on the timers given', () => {
    const clock = new ManualTimers(5_000);
    const timers = new ManualTimers(0);
    const on = timersOn(clock, timers);
    let fired = false;
    on.setTimeout(() => (fired = true), 10);
    expect(on.now()).toBe(5_000);
    clock.advance(10);
    expect(fired).toBe(false);
    timers.advance(10);
    expect(fired).toBe(true);
  });
});
