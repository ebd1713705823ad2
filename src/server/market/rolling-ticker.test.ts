import { describe, expect, it } from 'vitest';
import { toUnits } from '../../shared/money/units';
import { ManualTimers } from '../time/manual-timers';
import { RollingTicker } from './rolling-ticker';

const u = (v: string) => toUnits(v);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('spec B §3 ticker: rolling 24 h window', () => {
  it('CORE.ticker.fields: reports last, open, high, low, volume and an exact vwap over the window', () => {
    const clock = new ManualTimers(Date.UTC(2025, 0, 1));
    const t = new RollingTicker('btcusd');
    t.record(u('60000'), u('0.5'), clock.now());
    clock.advance(10 * MIN);
    t.record(u('61000.5'), u('0.25'), clock.now());
    clock.advance(10 * MIN);
    t.record(u('59000'), u('0.00000001'), clock.now());
    const s = t.snapshot(clock.now());
    expect(s).toMatchObject({ pair: 'btcusd', last: '59000', open: '60000', high: '61000.5', low: '59000', volume: '0.75000001' });
    // (60000×0.5 + 61000.5×0.25 + 59000×0.00000001) / 0.75000001, truncated to 8 decimals.
    expect(s.vwap).toBe('60333.49998222');
  });

  it('CORE.ticker.window-slides: drops trades older than 24 h as time passes, without any new trade', () => {
    const clock = new ManualTimers(Date.UTC(2025, 0, 1));
    const t = new RollingTicker('ethusd');
    t.record(u('3000'), u('2'), clock.now());
    clock.advance(12 * HOUR);
    t.record(u('3100'), u('1'), clock.now());
    clock.advance(12 * HOUR - MIN); // the first trade's minute is still inside
    expect(t.snapshot(clock.now())).toMatchObject({ open: '3000', low: '3000', volume: '3' });
    clock.advance(MIN);
    expect(t.advance(clock.now())).toBe(true);
    expect(t.snapshot(clock.now())).toMatchObject({ last: '3100', open: '3100', high: '3100', low: '3100', volume: '1', vwap: '3100' });
    clock.advance(12 * HOUR);
    expect(t.snapshot(clock.now())).toEqual({
      pair: 'ethusd',
      last: '3100',
      open: '3100',
      high: '3100',
      low: '3100',
      volume: '0',
      vwap: '3100',
    });
  });

  it('CORE.ticker.window-slides: advance() says when the window lost trades', () => {
    const clock = new ManualTimers(Date.UTC(2025, 0, 1));
    const t = new RollingTicker('solusd');
    t.record(u('150'), u('1'), clock.now());
    clock.advance(24 * HOUR - MIN);
    expect(t.advance(clock.now())).toBe(false);
    clock.advance(MIN);
    expect(t.advance(clock.now())).toBe(true);
  });

  it('CORE.ticker.long-gaps: survives gaps longer than the window and reuses ring slots', () => {
    const clock = new ManualTimers(Date.UTC(2025, 0, 1));
    const t = new RollingTicker('ethbtc');
    t.record(u('0.05'), u('1'), clock.now());
    clock.advance(3 * 24 * HOUR); // the same ring slot as the first trade
    t.record(u('0.051'), u('2'), clock.now());
    expect(t.snapshot(clock.now())).toMatchObject({ open: '0.051', low: '0.051', volume: '2', vwap: '0.051' });
  });

  it('CORE.ticker.late-trade: a late trade older than the window never changes the window nor a newer last', () => {
    const clock = new ManualTimers(Date.UTC(2025, 0, 2));
    const t = new RollingTicker('btcusd');
    t.record(u('60000'), u('1'), clock.now());
    t.record(u('1'), u('100'), clock.now() - 25 * HOUR);
    expect(t.snapshot(clock.now())).toMatchObject({ last: '60000', low: '60000', volume: '1' });
  });

  it('CORE.ticker.exact: stays exact over many trades (bigint totals, no float drift)', () => {
    const clock = new ManualTimers(Date.UTC(2025, 0, 1));
    const t = new RollingTicker('btcusd');
    for (let i = 0; i < 100_000; i++) {
      t.record(u('0.1'), u('0.1'), clock.now());
      clock.advance(1_000);
    }
    // At 100,000 s the window is minutes 227..1666: 1,439 full minutes of 60 trades plus the
    // 40 trades of the current minute.
    const s = t.snapshot(clock.now());
    expect(s.vwap).toBe('0.1');
    expect(s.volume).toBe('8638');
  });

  it('CORE.ticker.empty: no trade yet: only the pair and a zero volume', () => {
    expect(new RollingTicker('btcusd').snapshot(0)).toEqual({ pair: 'btcusd', volume: '0' });
  });
});
