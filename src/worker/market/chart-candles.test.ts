import { describe, expect, it } from 'vitest';
import { hubEvents } from '../../shared/hub/names';
import { createTestEngine } from '../testing/test-engine';

const day = Date.UTC(2026, 10, 23);
const DAY = 86_400_000;
const candle = (time: number, close: string) => ({ time, open: '100', high: '110', low: '90', close, volume: '2' });
const seconds = (ms: number) => ms / 1000;

async function chartEngine() {
  const t = createTestEngine();
  const queries: string[] = [];
  t.http.route('GET /v1/market/candles', (req) => {
    queries.push(new URL(req.url).search);
    return { body: [candle(day - DAY, '105'), candle(day, '101')] };
  });
  t.start();
  t.engine.showChart('btcusd', '1d');
  await t.login();
  return { t, queries };
}

describe('price chart candles in the engine (spec B §2 price chart)', () => {
  it('B2.chart.live-last-candle: candles load over REST for the pair and interval; the newest is the live candle', async () => {
    const { t, queries } = await chartEngine();
    expect(queries).toEqual(['?pair=btcusd&interval=1d&limit=500']);
    const snap = t.engine.getSnapshot();
    expect(snap.chart).toMatchObject({ symbol: 'btcusd', interval: '1d', status: 'ready', candles: [candle(day - DAY, '105')] });
    expect(snap.chartLast).toEqual({ symbol: 'btcusd', interval: '1d', candle: candle(day, '101') });
    // Asking again for the same thing does not fetch again.
    t.engine.showChart('btcusd', '1d');
    expect(queries).toHaveLength(1);
  });

  it('B2.chart.live-last-candle: live trades move the last candle without touching the history slice', async () => {
    const { t } = await chartEngine();
    t.engine.flush();
    const history = t.engine.getSnapshot().chart;
    t.hub.emit(hubEvents.trade, { timestamp: seconds(day + 3_600_000), pair: 'btcusd', price: '120', quantity: '0.5', side: 'buy' });
    t.hub.emit(hubEvents.trade, { timestamp: seconds(day + 3_700_000), pair: 'btcusd', price: '85.5', quantity: '0.25', side: 'sell' });
    t.hub.emit(hubEvents.trade, { timestamp: seconds(day + 3_800_000), pair: 'ethusd', price: '1', quantity: '9', side: 'sell' });
    t.engine.flush();
    const snap = t.engine.getSnapshot();
    expect(snap.chart).toBe(history);
    expect(snap.chartLast!.candle).toEqual({ time: day, open: '100', high: '120', low: '85.5', close: '85.5', volume: '2.75' });

    // The next day's first trade closes the candle into the history and opens a new one.
    t.hub.emit(hubEvents.trade, { timestamp: seconds(day + DAY + 5), pair: 'btcusd', price: '99', quantity: '1', side: 'buy' });
    const next = t.engine.getSnapshot();
    expect(next.chart.candles.map((c) => [c.time, c.close])).toEqual([
      [day - DAY, '105'],
      [day, '85.5'],
    ]);
    expect(next.chartLast!.candle).toEqual({ time: day + DAY, open: '99', high: '99', low: '99', close: '99', volume: '1' });
  });

  it('B2.chart.options: switching to weekly loads weekly candles; a later answer wins over an earlier one', async () => {
    const { t, queries } = await chartEngine();
    t.engine.showChart('btcusd', '1w');
    await t.advance(0);
    expect(queries.at(-1)).toBe('?pair=btcusd&interval=1w&limit=500');
    expect(t.engine.getSnapshot().chart).toMatchObject({ interval: '1w', status: 'ready' });
    expect(t.engine.getSnapshot().chartLast!.interval).toBe('1w');
  });

  it('B2.chart.live-last-candle: a failed load shows as an error and the next ask loads again', async () => {
    const t = createTestEngine();
    let fail = true;
    t.http.route('GET /v1/market/candles', () =>
      fail ? { status: 500, body: { title: 'Internal Server Error', status: 500 } } : { body: [candle(day, '1')] },
    );
    t.start();
    t.engine.showChart('btcusd', '1d');
    await t.login();
    expect(t.engine.getSnapshot().chart.status).toBe('error');
    fail = false;
    t.engine.showChart('btcusd', '1d');
    await t.advance(0);
    expect(t.engine.getSnapshot().chart.status).toBe('ready');
  });
});
