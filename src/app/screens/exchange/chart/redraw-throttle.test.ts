import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../../time/manual-timers';
import { redrawThrottle } from './redraw-throttle';

describe('chart redraws on a busy market', () => {
  it('B2.chart.live-last-candle: the first change draws at once, changes within 250 ms fold into one draw at its end', () => {
    const timers = new ManualTimers();
    let draws = 0;
    const t = redrawThrottle(timers, 250, () => void draws++);
    t.request();
    expect(draws).toBe(1);
    for (let i = 0; i < 20; i++) {
      timers.advance(10);
      t.request();
    }
    expect(draws).toBe(1);
    timers.advance(50);
    expect(draws).toBe(2);
    // Quiet, then a change: at once again.
    timers.advance(1000);
    t.request();
    expect(draws).toBe(3);
    t.request();
    t.dispose();
    timers.advance(1000);
    expect(draws).toBe(3);
  });
});
