import { describe, expect, it } from 'vitest';
import type { OrderBookMessageWire, TickerWire } from '../../shared/hub/messages';
import { ExchangeEvents } from '../exchange/events';
import type { DepthLevel } from './book-levels';
import { createMarketData } from './public-market-data';
import { ManualTimers } from '../time/manual-timers';

// The publishing cadence and depth the server runs with: createMarketData without overrides.
function setup() {
  const timers = new ManualTimers(Date.UTC(2025, 0, 1, 12));
  const events = new ExchangeEvents();
  let depth: { bids: DepthLevel[]; asks: DepthLevel[] } = { bids: [], asks: [] };
  const md = createMarketData({
    events,
    timers,
    pairs: ['btcusd'],
    makers: () => undefined,
    readDepth: (_pair, levels) => ({ bids: depth.bids.slice(0, levels), asks: depth.asks.slice(0, levels) }),
  });
  const books: OrderBookMessageWire[] = [];
  const tickers: TickerWire[] = [];
  md.subscribe({ book: (b) => books.push(b), ticker: (t) => tickers.push(t) });
  md.start();
  const setBids = async (prices: number[], quantity: string) => {
    depth = { bids: prices.map((p) => ({ price: String(p), quantity })), asks: [] };
    events.emit({ type: 'book', pair: 'btcusd' });
    await Promise.resolve();
  };
  const trade = (price: string) =>
    events.emit({ type: 'trade', pair: 'btcusd', tradeId: price, price, quantity: '0.1', side: 'buy', at: timers.now() });
  return { timers, books, tickers, setBids, trade };
}

describe('market data as published', () => {
  it('API.events.order-book-25-levels: a book carries 25 levels a side', async () => {
    const { timers, books, setBids } = setup();
    await setBids(
      Array.from({ length: 40 }, (_, i) => 1000 - i),
      '1',
    );
    timers.advance(0);
    expect(books.at(-1)!.bids).toHaveLength(25);
    expect(books.at(-1)!.bids.at(-1)![0]).toBe('976');
  });

  it('API.events.order-book-throttle-50ms: a pair’s book is published at most once every 50 ms', async () => {
    const { timers, books, setBids } = setup();
    await setBids([100], '1');
    timers.advance(0);
    expect(books).toHaveLength(1);
    await setBids([100], '2');
    timers.advance(49);
    expect(books).toHaveLength(1);
    timers.advance(1);
    expect(books).toHaveLength(2);
  });

  it('API.events.ticker-throttle-100ms: a pair’s ticker is published at most once every 100 ms', () => {
    const { timers, tickers, trade } = setup();
    trade('100');
    timers.advance(0);
    const first = tickers.length;
    expect(first).toBeGreaterThanOrEqual(1);
    trade('101');
    timers.advance(99);
    expect(tickers).toHaveLength(first);
    timers.advance(1);
    expect(tickers).toHaveLength(first + 1);
    expect(tickers.at(-1)).toMatchObject({ last: '101' });
  });
});
