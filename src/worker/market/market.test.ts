import { describe, expect, it } from 'vitest';
import { hubEvents } from '../../shared/hub/names';
import type { PairRow } from '../api';
import { Decimal } from '../decimal/decimal';
import { abbreviate } from '../decimal/format';
import { createTestEngine, TEST_PAIRS } from '../testing/test-engine';
import { changePercent } from './pair-row';
import { nextSort, sortRows } from './pair-table';
import { RecentTrades } from './recent-trades';
import { usdPrices, usdValue } from './usd-volume';

describe('tickers and the pair selector (spec B §2, §4, §5, §9)', () => {
  it('B5.ticker.change-needs-open: a change percent only when open and last exist and open is not 0', () => {
    expect(changePercent('100', '110')).toBe('10.00');
    expect(changePercent('200', '150')).toBe('-25.00');
    expect(changePercent('3', '4')).toBe('33.33');
    expect(changePercent('0', '5')).toBe(null);
    expect(changePercent(null, '5')).toBe(null);
    expect(changePercent('5', null)).toBe(null);
  });

  it('B9 stablecoins count as 1 USD', () => {
    const prices = usdPrices([]);
    for (const c of ['USDT', 'usdc', 'busd', 'usdp', 'tusd', 'pax', 'dai', 'usd'])
      expect(usdValue(c, '1234.5', prices)?.toFixed()).toBe('1234.5');
  });

  it('B9.volume.xbt-is-btc: other bases use their last price against a fiat or stablecoin quote; xbt is btc', () => {
    const prices = usdPrices([
      { base: 'BTC', quote: 'USDT', last: '50000' },
      { base: 'ETH', quote: 'BTC', last: '0.05' },
      { base: 'SOL', quote: 'EUR', last: '90' },
    ]);
    expect(usdValue('XBT', '2', prices)?.toFixed()).toBe('100000');
    expect(usdValue('btc', '0.5', prices)?.toFixed()).toBe('25000');
    expect(usdValue('ETH', '10', prices)).toBe(null);
    expect(usdValue('SOL', '10', prices)).toBe(null);
  });

  it('B9.volume.abbreviations: volume is abbreviated with K, M, B at 1e3, 1e6, 1e9', () => {
    expect(abbreviate(new Decimal('999.994'))).toBe('999.99');
    expect(abbreviate(new Decimal('1000'))).toBe('1.00K');
    expect(abbreviate(new Decimal('1234567'))).toBe('1.23M');
    expect(abbreviate(new Decimal('9876543210'))).toBe('9.88B');
  });

  it('B4.pair-table.new-column-descending, B4.pair-table.repeat-cycles: pair table sort cycle: new column descending; repeating cycles descending, ascending, none (back to descending)', () => {
    let s = nextSort({ column: 'volume', direction: 'desc' }, 'price');
    expect(s).toEqual({ column: 'price', direction: 'desc' });
    s = nextSort(s, 'price');
    expect(s).toEqual({ column: 'price', direction: 'asc' });
    s = nextSort(s, 'price');
    expect(s).toBe(null);
    s = nextSort(s, 'price');
    expect(s).toEqual({ column: 'price', direction: 'desc' });
    expect(nextSort({ column: 'price', direction: 'asc' }, 'change')).toEqual({ column: 'change', direction: 'desc' });
  });

  it('B4 rows without a value sort last in both directions', () => {
    const row = (symbol: string, last: string | null) => ({ symbol, formattedSymbol: symbol, last }) as PairRow;
    const rows = [row('a', '2'), row('b', null), row('c', '10')];
    expect(sortRows(rows, { column: 'price', direction: 'desc' }).map((r) => r.symbol)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, { column: 'price', direction: 'asc' }).map((r) => r.symbol)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, null)).toBe(rows);
  });

  it('B4.pair-table.default-volume-descending, B7.hub.event-ticker: pair table: default volume descending (by USD value), search and quote filter', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.emit(hubEvents.ticker, { pair: 'btcusd', last: '50000', open: '40000', volume: '10', high: '51000', low: '39000' });
    t.hub.emit(hubEvents.ticker, [
      { pair: 'ethusd', last: '3000', open: '0', volume: '100' },
      { pair: 'ethbtc', last: '0.06', open: '0.05', volume: '5000' },
    ]);
    const pairs = t.engine.getSnapshot().pairs;
    expect(pairs.sort).toEqual({ column: 'volume', direction: 'desc' });
    // ETH/BTC: 5000 ETH at 3000 USD (ETH/USD last) = 15M; BTC/USD 500K; ETH/USD 300K.
    expect(pairs.rows.map((r) => r.symbol)).toEqual(['ethbtc', 'btcusd', 'ethusd']);
    const btc = pairs.rows.find((r) => r.symbol === 'btcusd')!;
    expect(btc).toMatchObject({ changePct: '25.00', volumeLabel: '10.00', volumeUsd: '500000.00', volumeUsdLabel: '$500.00K' });
    expect(pairs.rows.find((r) => r.symbol === 'ethusd')!.changePct).toBe(null);
    expect(pairs.quotes).toEqual(['BTC', 'USD']);
    t.engine.setPairQuoteFilter('BTC');
    expect(t.engine.getSnapshot().pairs.rows.map((r) => r.symbol)).toEqual(['ethbtc']);
    t.engine.setPairQuoteFilter('ALL');
    t.engine.setPairSearch('eth');
    expect(t.engine.getSnapshot().pairs.rows.map((r) => r.symbol)).toEqual(['ethbtc', 'ethusd']);
    t.engine.setPairSearch('BTC/USD');
    expect(t.engine.getSnapshot().pairs.rows.map((r) => r.symbol)).toEqual(['btcusd']);
    t.engine.setPairSearch('');
    t.engine.cyclePairSort('pair');
    expect(t.engine.getSnapshot().pairs.rows.map((r) => r.symbol)).toEqual(['ethusd', 'ethbtc', 'btcusd']);
    // The selected pair carries its row (header: mid, change, volume, range) and fee.
    expect(t.engine.getSnapshot().selected).toMatchObject({ symbol: 'btcusd', fee: '0.002', row: { high: '51000', low: '39000' } });
  });

  it('A7.account.currency-pairs-once: pairs answered as an object load once, and a reconnect does not ask again', async () => {
    const t = createTestEngine();
    const byKey = Object.fromEntries(TEST_PAIRS.map((p) => [p.symbol, p]));
    t.http.route('GET /v1/account-management/currency-pairs', { body: byKey });
    t.start();
    await t.login();
    expect(t.engine.getSnapshot().pairs.status).toBe('ready');
    const symbols = t.engine.getSnapshot().pairs.rows.map((r) => r.symbol);
    expect(symbols.sort()).toEqual(['btcusd', 'ethbtc', 'ethusd']);
    t.hub.current!.drop({ message: 'network' });
    await t.advance(2000 + 300);
    expect(t.hub.starts).toBeGreaterThan(1);
    expect(t.http.count('GET /v1/account-management/currency-pairs')).toBe(1);
  });

  it('B8.market.pairs-load-failure-text: a currency pair load failure adds "Failed to load currency pairs."', async () => {
    const t = createTestEngine();
    t.http.route('GET /v1/account-management/currency-pairs', { status: 500, body: { title: 'Internal server error', status: 500 } });
    t.start();
    await t.login();
    const snap = t.engine.getSnapshot();
    expect(snap.pairs.status).toBe('error');
    expect(snap.errors.map((e) => e.message)).toContain('Failed to load currency pairs.');
  });

  it('B7.hub.event-trade: time and sales keeps the latest 25 trades of the selected pair, newest first', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    expect(t.engine.getSnapshot().recentTrades).toMatchObject({ loading: false, items: [] });
    for (let i = 0; i < 30; i++)
      t.hub.emit(hubEvents.trade, {
        timestamp: 1000 + i,
        pair: 'btcusd',
        price: `${100 + i}`,
        quantity: '0.1',
        side: i % 2 ? 'buy' : 'sell',
        id: i,
      });
    t.hub.emit(hubEvents.trade, { timestamp: 1, pair: 'ethusd', price: '1', quantity: '1', side: 'buy' });
    t.hub.emit(hubEvents.trade, { timestamp: 1, pair: 'btcusd', price: 'x', quantity: '1', side: 'buy' });
    const items = t.engine.getSnapshot().recentTrades.items;
    expect(items).toHaveLength(25);
    expect(items[0]).toEqual({ id: '29', timestamp: 1029, price: '129', quantity: '0.1', side: 'buy' });
    expect(items[24]!.id).toBe('5');
  });

  it('B2 time and sales shows Loading until the trades feed is joined or a trade arrives', () => {
    const r = new RecentTrades(() => {});
    r.reset('btcusd');
    expect(r.build().loading).toBe(true);
    r.add({ timestamp: 1, pair: 'BTC-USD', price: '1', quantity: '2', side: 'sell' });
    expect(r.build()).toMatchObject({ loading: false, items: [{ price: '1', quantity: '2', side: 'sell' }] });
  });
});
