import { describe, expect, it } from 'vitest';
import { toUnits } from '../../shared/money/units';
import type { PairSpec } from '../exchange/pair-spec';
import { ManualTimers } from '../time/manual-timers';
import type { SimExchange } from './sim-exchange';
import { createSimulator } from './simulator';
import { LADDER_LEVELS, makerSources } from './sources';

const pairs: PairSpec[] = [
  spec('btcusd', 'btc', 'usd', '0.01', '0.00001', '0.0001'),
  spec('ethbtc', 'eth', 'btc', '0.000001', '0.0001', '0.001'),
  spec('solusd', 'sol', 'usd', '0.01', '0.001', '0.01'),
];

function spec(symbol: string, base: string, quote: string, tick: string, lot: string, min: string): PairSpec {
  return {
    symbol,
    base,
    quote,
    formattedSymbol: `${base}/${quote}`.toUpperCase(),
    tick: toUnits(tick),
    lot: toUnits(lot),
    minQuantity: toUnits(min),
    makerFee: 0n,
    takerFee: 0n,
    enabled: true,
  };
}

/** Records what the simulator sends; every order rests unless it is IOC. */
function recordingExchange() {
  const log: string[] = [];
  const open = new Map<string, Set<string>>();
  let next = 1;
  const exchange: SimExchange = {
    async placeLimit(o) {
      const id = `o${next++}`;
      log.push(`${o.userId} ${o.timeInForce} ${o.pair} ${o.side} ${o.quantity}@${o.price}${o.postOnly ? ' post' : ''}`);
      if (o.timeInForce === 'IOC') return { ok: true, orderId: id, resting: false };
      if (!open.has(o.userId)) open.set(o.userId, new Set());
      open.get(o.userId)!.add(id);
      return { ok: true, orderId: id, resting: true };
    },
    async cancel(userId, orderId) {
      log.push(`${userId} cancel ${orderId}`);
      return open.get(userId)?.delete(orderId) ?? false;
    },
    async openOrderIds(userId) {
      return [...(open.get(userId) ?? [])];
    },
  };
  return { exchange, log, open };
}

const makers = new Map(makerSources.map((s) => [s.name, `mm-${s.name}`]));

async function run(seed: string, rate: number, ms: number, extra: Partial<Parameters<typeof createSimulator>[0]> = {}) {
  const timers = new ManualTimers();
  const { exchange, log, open } = recordingExchange();
  const sim = createSimulator({ exchange, timers, rate, seed, pairs, makers, takers: ['t1', 't2'], ...extra });
  await sim.start();
  for (let t = 0; t < ms; t += 10) {
    timers.advance(10);
    // Let the tick's awaited exchange calls settle before time moves on.
    for (let i = 0; i < 50; i++) await Promise.resolve();
  }
  return { sim, log, open, timers };
}

describe('market simulator', () => {
  it('CORE.sim.deterministic: is deterministic: the same seed sends the same orders', async () => {
    const a = await run('seed-1', 500, 2_000);
    const b = await run('seed-1', 500, 2_000);
    const c = await run('seed-2', 500, 2_000);
    expect(a.log.length).toBeGreaterThan(500);
    expect(b.log).toEqual(a.log);
    expect(c.log).not.toEqual(a.log);
  });

  it('CORE.sim.rate: sends about SIM_RATE events per second, across every pair, about one in ten a taker order', async () => {
    const { sim, log } = await run('rate', 1_000, 3_000);
    expect(sim.stats.events).toBeGreaterThan(2_700);
    expect(sim.stats.events).toBeLessThanOrEqual(3_000);
    expect(sim.stats.takes / sim.stats.events).toBeGreaterThan(0.06);
    expect(sim.stats.takes / sim.stats.events).toBeLessThan(0.14);
    for (const p of pairs) expect(log.some((l) => l.includes(` IOC ${p.symbol} `))).toBe(true);
  });

  it('CORE.sim.storm-pair: with a storm pair about nine in ten events go to it, most of them taker orders', async () => {
    const { sim, log } = await run('storm', 1_000, 3_000, { focus: { pair: 'solusd', share: 0.9, takeShare: 0.6 } });
    const sent = log.filter((l) => !l.includes(' cancel '));
    const ladder = pairs.length * makerSources.length * 2 * LADDER_LEVELS;
    const events = sent.slice(ladder);
    expect(sim.stats.events).toBeGreaterThan(2_700);
    const sol = events.filter((l) => l.includes(' solusd '));
    expect(sol.length / events.length).toBeGreaterThan(0.85);
    const solTakes = sol.filter((l) => l.includes(' IOC '));
    expect(solTakes.length / sol.length).toBeGreaterThan(0.5);
    expect(solTakes.length / sol.length).toBeLessThan(0.7);
    // The other pairs keep the usual mix: mostly quotes.
    const others = events.filter((l) => !l.includes(' solusd '));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((l) => l.includes(' IOC ')).length / others.length).toBeLessThan(0.3);
  });

  it('CORE.sim.storm-sweep: takers of the storm pair sweep: several typical sizes each, priced through the whole ladder', async () => {
    const plain = await run('sweep', 1_000, 2_000, { focus: { pair: 'solusd', share: 0.9, takeShare: 0.25 } });
    const sweep = await run('sweep', 1_000, 2_000, { focus: { pair: 'solusd', share: 0.9, takeShare: 0.25, takeSize: 6 } });
    const takes = (log: string[]) =>
      log.filter((l) => l.includes(' IOC solusd ')).map((l) => l.split(' ')[4]!.split('@').map(Number) as [number, number]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [a, b] = [takes(plain.log), takes(sweep.log)];
    expect(a.length).toBeGreaterThan(100);
    expect(b.length).toBeGreaterThan(100);
    expect(mean(b.map(([q]) => q)) / mean(a.map(([q]) => q))).toBeGreaterThan(4);
    // Buys are priced above the farthest ask of the ladder, so they reach every resting quote.
    const asks = sweep.log.filter((l) => l.includes(' GTC solusd sell ')).map((l) => Number(l.split('@')[1]!.split(' ')[0]));
    const buys = sweep.log.filter((l) => l.includes(' IOC solusd buy ')).map((l) => Number(l.split('@')[1]!.split(' ')[0]));
    expect(mean(buys)).toBeGreaterThan(mean(asks.slice(0, 100)) * 0.999);
    expect(Math.max(...takes(plain.log).map(([, p]) => p))).toBeLessThan(Math.max(...buys));
  });

  it('CORE.sim.ladder: quotes a ladder per source around mids near the reference prices, bids below asks, on ticks and lots', async () => {
    const { log, sim } = await run('ladder', 0.0001, 0);
    // Rate ~0: only the initial ladder of every source, both sides, every level, per pair.
    expect(log).toHaveLength(pairs.length * makerSources.length * 2 * LADDER_LEVELS);
    const btc = log.filter((l) => l.includes(' btcusd '));
    const prices = (side: string) => btc.filter((l) => l.includes(` ${side} `)).map((l) => Number(l.split('@')[1]!.split(' ')[0]));
    expect(Math.max(...prices('buy'))).toBeLessThan(Math.min(...prices('sell')));
    expect(Math.max(...prices('buy'))).toBeGreaterThan(59_900);
    for (const l of log) {
      const [qty, price] = l.split(' ')[4]!.split('@') as [string, string];
      expect(l).toContain(' post');
      if (l.includes('btcusd')) expect(toUnits(price) % toUnits('0.01')).toBe(0n);
      if (l.includes('ethbtc')) {
        expect(toUnits(qty) % toUnits('0.0001')).toBe(0n);
        expect(Number(price)).toBeGreaterThan(0.049);
        expect(Number(price)).toBeLessThan(0.051);
      }
    }
    expect(sim.mids()).toMatchObject({ btcusd: '60000', ethbtc: '0.05', solusd: '150' });
  });

  it('CORE.sim.moves-by-cancel-first: moves quotes by cancelling the old order first, and withdraws everything on stop', async () => {
    const { sim, log, open } = await run('stop', 200, 1_000);
    const firstCancel = log.findIndex((l) => l.includes(' cancel '));
    expect(firstCancel).toBeGreaterThan(0);
    await sim.stop();
    for (const ids of open.values()) expect(ids.size).toBe(0);
    expect(sim.running).toBe(false);
  });

  it('CORE.sim.rate-zero-withdraws: SIM_RATE 0 only withdraws quotes left by an earlier run', async () => {
    const timers = new ManualTimers();
    const { exchange, open, log } = recordingExchange();
    open.set('mm-Ox', new Set(['old-1', 'old-2']));
    const sim = createSimulator({ exchange, timers, rate: 0, seed: 1, pairs, makers, takers: ['t1'] });
    await sim.start();
    expect(log).toEqual(['mm-Ox cancel old-1', 'mm-Ox cancel old-2']);
    expect(sim.running).toBe(false);
    expect(timers.pending).toBe(0);
  });
});
