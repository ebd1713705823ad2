import { describe, expect, it } from 'vitest';
import type { OrderWire } from '../../shared/api/orders';
import type { OrderBookMessageWire, RecentTradeWire, TickerWire } from '../../shared/hub/messages';
import { orderBookMessageSchema, recentTradeSchema, tickerSchema } from '../../shared/hub/messages';
import { ExchangeEvents } from '../exchange/events';
import type { DepthLevel, PublishedDepth } from './book-levels';
import { createMarketData } from './public-market-data';
import { ManualTimers } from '../time/manual-timers';

function setup() {
  const timers = new ManualTimers(Date.UTC(2025, 0, 1, 12));
  const events = new ExchangeEvents();
  const depth = new Map<string, { bids: DepthLevel[]; asks: DepthLevel[] }>();
  const reads: number[] = [];
  const md = createMarketData({
    events,
    timers,
    pairs: ['btcusd', 'ethusd'],
    makers: (userId) => ({ mm1: 'Wintermute', mm2: 'B2C2' })[userId],
    readDepth: (pair, levels): PublishedDepth | null => {
      reads.push(levels);
      const d = depth.get(pair);
      return d ? { bids: d.bids.slice(0, levels), asks: d.asks.slice(0, levels) } : null;
    },
    bookIntervalMs: 100,
    tickerIntervalMs: 500,
  });
  const books: OrderBookMessageWire[] = [];
  const tickers: TickerWire[] = [];
  const trades: RecentTradeWire[] = [];
  md.subscribe({ book: (b) => books.push(b), ticker: (t) => tickers.push(t), trade: (t) => trades.push(t) });
  md.start();
  /** A commit that changed the pair's book; the exchange announces it after the commit. */
  const setDepth = async (pair: string, bids: Array<[string, string]>, asks: Array<[string, string]>) => {
    depth.set(pair, {
      bids: bids.map(([price, quantity]) => ({ price, quantity })),
      asks: asks.map(([price, quantity]) => ({ price, quantity })),
    });
    events.emit({ type: 'book', pair });
    // The book is read once the commit's announcement is over.
    await Promise.resolve();
  };
  return { timers, events, md, books, tickers, trades, setDepth, reads, depth };
}

function makerOrder(id: string, side: 'buy' | 'sell', price: string, quantity: string, status = 'open', filled = '0'): OrderWire {
  return { id, status, price, quantity, filled, pair: 'btcusd', action: side, type: 'Limit', date_added: 0 };
}

describe('spec B §3 order book messages', () => {
  it('CORE.market.book-coalesced: publish a changed book at most once per interval, coalescing the changes in between', async () => {
    const { timers, books, setDepth } = setup();
    await setDepth('btcusd', [['100', '1']], [['101', '1']]);
    await setDepth('btcusd', [['100', '2']], [['101', '1']]);
    expect(books).toHaveLength(0); // not synchronously: a burst of changes coalesces
    timers.advance(0);
    expect(books).toHaveLength(1);
    expect(books[0]!.bids).toEqual([['100', '2', 'Ox']]);
    for (let i = 3; i < 13; i++) {
      await setDepth('btcusd', [['100', String(i)]], [['101', '1']]);
      timers.advance(10);
    }
    // Ten changes over the next 100 ms: exactly one more message, carrying the latest book.
    expect(books).toHaveLength(2);
    expect(books[1]!.bids).toEqual([['100', '12', 'Ox']]);
    await setDepth('btcusd', [['100', '13']], [['101', '1']]);
    timers.advance(99);
    expect(books).toHaveLength(2);
    timers.advance(1);
    expect(books).toHaveLength(3);
    expect(books[2]!.bids).toEqual([['100', '13', 'Ox']]);
    expect((books[2]!.lastpublished as number) - (books[1]!.lastpublished as number)).toBe(100);
  });

  it('API.events.order-book-sequence: number each pair’s books with consecutive sequences, so a client can detect a gap', async () => {
    const { timers, books, setDepth } = setup();
    for (let i = 1; i <= 5; i++) {
      await setDepth('btcusd', [['100', String(i)]], []);
      await setDepth('ethusd', [['3000', String(i)]], []);
      timers.advance(100);
    }
    const seq = (pair: string) => books.filter((b) => b.pair === pair).map((b) => b.sequence);
    expect(seq('btcusd')).toEqual([1, 2, 3, 4, 5]);
    expect(seq('ethusd')).toEqual([1, 2, 3, 4, 5]);
  });

  it('CORE.market.book-read-at-commit: are read when a commit is announced, never from the timer (a batch in flight is not public yet)', async () => {
    const { timers, books, setDepth, depth } = setup();
    await setDepth('btcusd', [['100', '1']], []);
    timers.advance(0);
    await setDepth('btcusd', [['100', '2']], []);
    // The writer applies its next batch in memory and awaits the database: not announced yet.
    depth.set('btcusd', { bids: [{ price: '100', quantity: '999' }], asks: [] });
    timers.advance(100);
    expect(books.map((b) => b.bids)).toEqual([[['100', '1', 'Ox']], [['100', '2', 'Ox']]]);
  });

  it('CORE.market.unchanged-top-silent: a change that leaves the top levels as they were publishes nothing and keeps the sequence', async () => {
    const { timers, books, setDepth, md } = setup();
    await setDepth('btcusd', [['100', '1']], [['101', '1']]);
    timers.advance(100);
    await setDepth('btcusd', [['100', '1']], [['101', '1']]);
    timers.advance(100);
    expect(books).toHaveLength(1);
    expect(md.book('btcusd')!.sequence).toBe(1);
  });

  it('API.events.order-book-shape, B3.order-book.level, B3.order-book.message-fields: are valid against the shared schema, with levels [price, quantity, source] and both timestamps', async () => {
    const { timers, books, setDepth } = setup();
    timers.advance(5);
    await setDepth('btcusd', [['100.5', '0.001']], [['101', '3']]);
    timers.advance(30);
    const b = books[0]!;
    expect(orderBookMessageSchema.safeParse(b).success).toBe(true);
    expect(b.lastupdated).toBe(Date.UTC(2025, 0, 1, 12) + 5);
    expect(b.lastpublished).toBe(Date.UTC(2025, 0, 1, 12) + 5);
    expect(b.asks).toEqual([['101', '3', 'Ox']]);
  });

  it('API.sources.makers-under-market-making, API.sources.users-under-ox: show market makers’ quotes under their source names in market_making, users’ under Ox', async () => {
    const { timers, books, setDepth, events } = setup();
    events.emit({ type: 'order', userId: 'mm1', order: makerOrder('a', 'buy', '100', '2') });
    events.emit({ type: 'order', userId: 'mm2', order: makerOrder('b', 'buy', '100', '1') });
    events.emit({ type: 'order', userId: 'mm2', order: makerOrder('c', 'sell', '102', '5') });
    events.emit({ type: 'order', userId: 'someone', order: makerOrder('d', 'buy', '99', '7') });
    await setDepth(
      'btcusd',
      [
        ['100', '4'],
        ['99', '7'],
      ],
      [['102', '5']],
    );
    timers.advance(0);
    expect(books.at(-1)).toMatchObject({
      bids: [
        ['100', '1', 'Ox'],
        ['99', '7', 'Ox'],
      ],
      asks: [],
      market_making: {
        bids: [
          ['100', '1', 'B2C2'],
          ['100', '2', 'Wintermute'],
        ],
        asks: [['102', '5', 'B2C2']],
      },
    });
    // A partial fill and a cancel change the attribution.
    events.emit({ type: 'order', userId: 'mm1', order: makerOrder('a', 'buy', '100', '2', 'partially filled', '1.5') });
    events.emit({ type: 'order', userId: 'mm2', order: makerOrder('c', 'sell', '102', '5', 'cancelled') });
    await setDepth(
      'btcusd',
      [
        ['100', '2.5'],
        ['99', '7'],
      ],
      [],
    );
    timers.advance(100);
    expect(books.at(-1)).toMatchObject({
      bids: [
        ['100', '1', 'Ox'],
        ['99', '7', 'Ox'],
      ],
      market_making: {
        bids: [
          ['100', '1', 'B2C2'],
          ['100', '0.5', 'Wintermute'],
        ],
        asks: [],
      },
    });
  });

  it('CORE.market.depth-beyond-makers: read enough depth that the users’ levels are not crowded out by makers', async () => {
    const { timers, setDepth, events, reads } = setup();
    for (let i = 0; i < 30; i++) events.emit({ type: 'order', userId: 'mm1', order: makerOrder(`m${i}`, 'buy', String(200 - i), '1') });
    await setDepth('btcusd', [], []);
    timers.advance(0);
    expect(reads.at(-1)).toBe(25 + 30);
  });

  it('CORE.market.first-book-at-once: a newly asked book is built at once when none was published yet', async () => {
    const { md } = setup();
    expect(md.book('btcusd')).toMatchObject({ pair: 'btcusd', bids: [], asks: [], sequence: 1 });
    expect(md.book('nope')).toBeNull();
  });
});

describe('spec B §3 ticker and recent trades', () => {
  it('CORE.market.trade-at-once, API.events.trade-shape: a trade is forwarded at once with its time in seconds; the ticker is throttled', async () => {
    const { timers, events, trades, tickers } = setup();
    const t0 = timers.now();
    for (let i = 0; i < 20; i++) {
      events.emit({
        type: 'trade',
        pair: 'btcusd',
        tradeId: `t${i}`,
        price: String(60000 + i),
        quantity: '0.1',
        side: i % 2 ? 'buy' : 'sell',
        at: timers.now(),
      });
      timers.advance(50);
    }
    expect(trades).toHaveLength(20);
    expect(trades[0]).toEqual({ timestamp: t0 / 1000, pair: 'btcusd', price: '60000', quantity: '0.1', side: 'sell', id: 't0' });
    expect(recentTradeSchema.safeParse(trades[0]).success).toBe(true);
    // 1 s of trades: the first at once, then at most one per 500 ms.
    expect(tickers.length).toBeLessThanOrEqual(3);
    timers.advance(500);
    const last = tickers.at(-1)!;
    expect(tickerSchema.safeParse(last).success).toBe(true);
    expect(last).toMatchObject({ pair: 'btcusd', last: '60019', open: '60000', high: '60019', low: '60000', volume: '2' });
  });

  it('CORE.ticker.expiry-republishes, API.events.ticker-rolling-24h: a ticker is republished when trades leave the 24 h window', async () => {
    const { timers, events, tickers, md } = setup();
    events.emit({ type: 'trade', pair: 'ethusd', tradeId: 'x', price: '3000', quantity: '1', side: 'buy', at: timers.now() });
    timers.advance(1000);
    const before = tickers.length;
    timers.advance(24 * 3_600_000);
    expect(tickers.length).toBe(before + 1);
    expect(tickers.at(-1)).toMatchObject({ pair: 'ethusd', volume: '0', last: '3000' });
    expect(md.ticker('ethusd')).toMatchObject({ volume: '0' });
  });

  it('CORE.ticker.seeded-from-trades: seeds the tickers from stored trades', async () => {
    const { md, timers } = setup();
    md.seed({ pair: 'btcusd', price: '59000', quantity: '1', at: timers.now() - 3_600_000 });
    md.seed({ pair: 'btcusd', price: '61000', quantity: '1', at: timers.now() - 60_000 });
    md.seed({ pair: 'btcusd', price: '1', quantity: '1', at: timers.now() - 25 * 3_600_000 });
    expect(md.ticker('btcusd')).toMatchObject({ last: '61000', open: '59000', low: '59000', high: '61000', volume: '2', vwap: '60000' });
  });

  it('CORE.market.stop-cancels: stop() cancels pending publishes and stops listening', async () => {
    const { md, timers, events, books, trades, setDepth } = setup();
    await setDepth('btcusd', [['1', '1']], []);
    md.stop();
    timers.advance(1000);
    events.emit({ type: 'trade', pair: 'btcusd', tradeId: 'y', price: '1', quantity: '1', side: 'buy', at: timers.now() });
    expect(books).toHaveLength(0);
    expect(trades).toHaveLength(0);
    expect(timers.pending).toBe(0);
  });
});
