import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualTimers } from './manual-timers';
import { systemTimers } from './timers';

describe('the view timers', () => {
  afterEach(() => void vi.useRealTimers());

  it('manual timers fire in due order as time moves, and a cancelled one never fires', () => {
    const t = new ManualTimers(100);
    const fired: string[] = [];
    t.after(30, () => fired.push('b'));
    const cancel = t.after(20, () => fired.push('cancelled'));
    t.after(10, () => {
      fired.push(`a@${t.now()}`);
      t.after(5, () => fired.push(`c@${t.now()}`));
    });
    cancel();
    expect(t.pending).toEqual([30, 10]);
    t.advance(29);
    expect(fired).toEqual(['a@110', 'c@115']);
    expect(t.now()).toBe(129);
    t.advance(1);
    expect(fired).toEqual(['a@110', 'c@115', 'b']);
    expect(t.pending).toEqual([]);
  });

  it('the system timers follow fake timers installed after import', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let fired = 0;
    const start = systemTimers.now();
    systemTimers.after(50, () => fired++);
    const cancel = systemTimers.after(50, () => fired++);
    cancel();
    vi.advanceTimersByTime(50);
    expect(fired).toBe(1);
    expect(systemTimers.now() - start).toBe(50);
  });
});
