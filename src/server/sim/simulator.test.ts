import { describe, expect, it } from 'vitest';
import { toUnits } from '../../shared/money/units';
import type { PairSpec } from '../exchange/pair-spec';
import { manualScheduler } from '../market/scheduler';
import { createSimulator, type SimExchange } from './simulator';
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

async function run(seed: string, rate: number, ms: number) {
  const scheduler = manualScheduler();
  const { exchange, log, open } = recordingExchange();
  const sim = createSimulator({ exchange, scheduler, rate, seed, pairs, makers, takers: ['t1', 't2'] });
  await sim.start();
  for (let t = 0; t < ms; t += 10) {
    scheduler.advance(10);
    // Let the tick's awaited exchange calls settle before time moves on.
    for (let i = 0; i < 50; i++) await Promise.resolve();
  }
  return { sim, log, open, scheduler };
}

describe('market simulator', () => {
  it('is deterministic: the same seed sends the same orders', async () => {
    const a = await run('seed-1', 500, 2_000);
    const b = await run('seed-1', 500, 2_000);
    const c = await run('seed-2', 500, 2_000);
    expect(a.log.length).toBeGreaterThan(500);
    expect(b.log).toEqual(a.log);
    expect(c.log).not.toEqual(a.log);
  });

  it('sends about SIM_RATE events per second, across every pair, about one in ten a taker order', async () => {
    const { sim, log } = await run('rate', 1_000, 3_000);
    expect(sim.stats.events).toBeGreaterThan(2_700);
    expect(sim.stats.events).toBeLessThanOrEqual(3_000);
    expect(sim.stats.takes / sim.stats.events).toBeGreaterThan(0.06);
    expect(sim.stats.takes / sim.stats.events).toBeLessThan(0.14);
    for (const p of pairs) expect(log.some((l) => l.includes(` IOC ${p.symbol} `))).toBe(true);
  });

  it('quotes a ladder per source around mids near the reference prices, bids below asks, on ticks and lots', async () => {
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

  it('moves quotes by cancelling the old order first, and withdraws everything on stop', async () => {
    const { sim, log, open } = await run('stop', 200, 1_000);
    const firstCancel = log.findIndex((l) => l.includes(' cancel '));
    expect(firstCancel).toBeGreaterThan(0);
    await sim.stop();
    for (const ids of open.values()) expect(ids.size).toBe(0);
    expect(sim.running).toBe(false);
  });

  it('SIM_RATE 0 only withdraws quotes left by an earlier run', async () => {
    const scheduler = manualScheduler();
    const { exchange, open, log } = recordingExchange();
    open.set('mm-Ox', new Set(['old-1', 'old-2']));
    const sim = createSimulator({ exchange, scheduler, rate: 0, seed: 1, pairs, makers, takers: ['t1'] });
    await sim.start();
    expect(log).toEqual(['mm-Ox cancel old-1', 'mm-Ox cancel old-2']);
    expect(sim.running).toBe(false);
    expect(scheduler.pending).toBe(0);
  });
});
