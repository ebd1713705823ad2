import { describe, expect, it } from 'vitest';
import type { ChartView, LiveCandleView } from '../../../../worker/public';
import { historyColumns, withLastCandle } from './chart-data';
import { resolveChartPair } from './chart-symbol';

const selected = { base: 'BTC', quote: 'USD' };
const quotes = ['USD', 'BTC', 'USDT'];

describe('price chart contract (spec B §2)', () => {
  it('B2.chart.symbol: base, quote, exchange or a pair string; the symbol is exchange:base+quote; the selected pair by default', () => {
    expect(resolveChartPair({}, selected, quotes)).toEqual({
      exchange: 'OX',
      base: 'BTC',
      quote: 'USD',
      symbol: 'OX:BTCUSD',
      pairSymbol: 'btcusd',
    });
    expect(resolveChartPair({ base: 'eth' }, selected, quotes).symbol).toBe('OX:ETHUSD');
    expect(resolveChartPair({ quote: 'usdt', exchange: 'ox' }, selected, quotes).symbol).toBe('OX:BTCUSDT');
    expect(resolveChartPair({ pair: 'ETH/BTC' }, selected, quotes)).toMatchObject({ base: 'ETH', quote: 'BTC', pairSymbol: 'ethbtc' });
    expect(resolveChartPair({ pair: 'sol-usd' }, selected, quotes).symbol).toBe('OX:SOLUSD');
    // Written together: split at the longest known quote it ends with (USDT before USD).
    expect(resolveChartPair({ pair: 'ethusdt' }, selected, quotes)).toMatchObject({ base: 'ETH', quote: 'USDT' });
    expect(resolveChartPair({ pair: 'OX:ETHBTC' }, selected, quotes)).toMatchObject({ exchange: 'OX', symbol: 'OX:ETHBTC' });
    // A pair string wins over base and quote.
    expect(resolveChartPair({ pair: 'ETH/USD', base: 'SOL' }, selected, quotes).base).toBe('ETH');
  });
});

describe('chart columns', () => {
  const chart: ChartView = {
    symbol: 'btcusd',
    interval: '1d',
    status: 'ready',
    candles: [
      { time: 86_400_000, open: '1', high: '3', low: '0.5', close: '2', volume: '10' },
      { time: 2 * 86_400_000, open: '2', high: '4', low: '1', close: '3', volume: '11' },
    ],
  };
  const live = (time: number, close: string, symbol = 'btcusd'): LiveCandleView => ({
    symbol,
    interval: '1d',
    candle: { time, open: '3', high: '5', low: '3', close, volume: '1.5' },
  });

  it('B2.chart.live-last-candle: the live candle follows the history, replaces a candle of its own bucket, and is ignored for another pair', () => {
    const history = historyColumns(chart);
    expect(history.data).toEqual([
      [86_400, 172_800],
      [1, 2],
      [3, 4],
      [0.5, 1],
      [2, 3],
      [10, 11],
    ]);
    const appended = withLastCandle(history, chart, live(3 * 86_400_000, '4.5'));
    expect(appended.data[0]).toEqual([86_400, 172_800, 259_200]);
    expect(appended.data[4]).toEqual([2, 3, 4.5]);
    expect(appended.candles.at(-1)!.close).toBe('4.5');
    const replaced = withLastCandle(history, chart, live(2 * 86_400_000, '3.5'));
    expect(replaced.data[4]).toEqual([2, 3.5]);
    expect(withLastCandle(history, chart, live(3 * 86_400_000, '9', 'ethusd'))).toBe(history);
    expect(withLastCandle(history, chart, live(0, '9'))).toBe(history);
  });
});
