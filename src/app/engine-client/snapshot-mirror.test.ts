import { describe, expect, it } from 'vitest';
import { initialSnapshot, type CandleInterval, type EngineSnapshot, type SnapshotUpdate } from '../../worker/public';
import { ManualTimers } from '../time/manual-timers';
import { createSnapshotMirror } from './snapshot-mirror';
import { defaultViewCadence } from './view-cadence';

// The view's cadence over the engine's updates: the book at once, ambient slices with it (or
// after a short delay), Time and Sales at most every 100 ms while it shows the same pair, the
// chart's live last candle at most every 250 ms while it is the same pair and interval.

/** The app's cadence on manual time. */
function manualCadence() {
  const timers = new ManualTimers();
  return { cadence: defaultViewCadence(timers), advance: (ms: number) => timers.advance(ms) };
}

let version = 10;
const update = (changed: SnapshotUpdate['changed'], full = false): SnapshotUpdate => ({ version: ++version, full, changed });
const base = initialSnapshot('BTC', 'USD');
const book = (sequence: number): EngineSnapshot['book'] => ({ ...base.book, symbol: 'btcusd', sequence, loading: false });
const trades = (n: number, symbol = 'btcusd'): EngineSnapshot['recentTrades'] => ({
  symbol,
  loading: false,
  items: Array.from({ length: n }, (_, i) => ({ id: `${symbol}-${i}`, timestamp: i, price: '1', quantity: '1', side: 'buy' as const })),
});

describe('snapshot mirror cadence', () => {
  it('shows a book update at once and an ambient-only update with the next book or after 50 ms', () => {
    const clock = manualCadence();
    const mirror = createSnapshotMirror(base, clock.cadence);
    let notified = 0;
    mirror.subscribe(() => notified++);
    mirror.apply(update({ book: book(1) }));
    expect(notified).toBe(1);
    expect(mirror.getSnapshot().book.sequence).toBe(1);

    const pairs = { ...base.pairs, search: 'x' };
    mirror.apply(update({ pairs }));
    expect(notified).toBe(1);
    expect(mirror.getSnapshot().pairs.search).toBe('');
    // The next book carries it.
    mirror.apply(update({ book: book(2) }));
    expect(notified).toBe(2);
    expect(mirror.getSnapshot().pairs.search).toBe('x');

    // No book: it is shown 50 ms later, in one notification.
    const pairs2 = { ...base.pairs, search: 'xy' };
    mirror.apply(update({ pairs: pairs2 }));
    clock.advance(49);
    expect(notified).toBe(2);
    clock.advance(1);
    expect(notified).toBe(3);
    expect(mirror.getSnapshot().pairs.search).toBe('xy');
  });

  it('spaces Time and Sales of one pair to one render per 100 ms, riding on book updates; a new pair at once', () => {
    const clock = manualCadence();
    const mirror = createSnapshotMirror(base, clock.cadence);
    mirror.apply(update({ book: book(1), recentTrades: trades(1) }));
    expect(mirror.getSnapshot().recentTrades.items).toHaveLength(1);
    clock.advance(30);
    mirror.apply(update({ book: book(2), recentTrades: trades(2) }));
    // The book moves on; the trades wait for their interval.
    expect(mirror.getSnapshot().book.sequence).toBe(2);
    expect(mirror.getSnapshot().recentTrades.items).toHaveLength(1);
    clock.advance(80); // 110 ms since the trades were shown
    mirror.apply(update({ book: book(3) }));
    expect(mirror.getSnapshot().recentTrades.items).toHaveLength(2);
    // Without books, held trades still show (interval plus the ambient delay at most).
    mirror.apply(update({ recentTrades: trades(3) }));
    clock.advance(150);
    expect(mirror.getSnapshot().recentTrades.items).toHaveLength(3);
    // Another pair's list is not held.
    mirror.apply(update({ book: { ...book(4), symbol: 'ethusd' }, recentTrades: trades(1, 'ethusd') }));
    expect(mirror.getSnapshot().recentTrades.symbol).toBe('ethusd');
  });

  it("spaces the chart's live last candle to the plot's 250 ms redraws, riding on book updates; a new interval at once", () => {
    const clock = manualCadence();
    const mirror = createSnapshotMirror(base, clock.cadence);
    const last = (close: string, interval: CandleInterval = '1m'): EngineSnapshot['chartLast'] => ({
      symbol: 'btcusd',
      interval,
      candle: { time: 0, open: '1', high: '2', low: '1', close, volume: '1' },
    });
    let notified = 0;
    mirror.subscribe(() => notified++);
    mirror.apply(update({ book: book(1), chartLast: last('1') }));
    expect(mirror.getSnapshot().chartLast?.candle.close).toBe('1');
    // A trade a frame: the book follows each one, the last candle waits out its interval.
    for (let i = 2; i <= 10; i++) {
      clock.advance(20);
      mirror.apply(update({ book: book(i), chartLast: last(String(i)) }));
      expect(mirror.getSnapshot().book.sequence).toBe(i);
    }
    expect(mirror.getSnapshot().chartLast?.candle.close).toBe('1');
    clock.advance(70); // 250 ms since the candle was shown
    mirror.apply(update({ book: book(11), chartLast: last('11') }));
    expect(mirror.getSnapshot().chartLast?.candle.close).toBe('11');
    // Only the candle moved: it is shown once its interval and the ambient delay have passed.
    mirror.apply(update({ chartLast: last('12') }));
    clock.advance(299);
    expect(mirror.getSnapshot().chartLast?.candle.close).toBe('11');
    clock.advance(1);
    expect(mirror.getSnapshot().chartLast?.candle.close).toBe('12');
    // Another interval's candle is not held.
    const before = notified;
    mirror.apply(update({ chartLast: last('1', '1d') }));
    clock.advance(50);
    expect(mirror.getSnapshot().chartLast?.interval).toBe('1d');
    expect(notified).toBe(before + 1);
  });

  it('without a cadence every update is shown at once; stale versions never move it back', () => {
    const mirror = createSnapshotMirror(base);
    let notified = 0;
    mirror.subscribe(() => notified++);
    const u = update({ pairs: { ...base.pairs, search: 'a' } });
    mirror.apply(u);
    expect(notified).toBe(1);
    mirror.apply({ ...u, changed: { pairs: { ...base.pairs, search: 'old' } } });
    expect(mirror.getSnapshot().pairs.search).toBe('a');
  });
});
