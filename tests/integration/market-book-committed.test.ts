import { afterEach, expect, it } from 'vitest';
import type { OrderBookMessageWire } from '../../src/shared/hub/messages';
import type { BatchCommitter } from '../../src/server/exchange/batch-committer';
import { createMarketData, type MarketData } from '../../src/server/market/public-market-data';
import { ManualTimers } from '../../src/server/time/manual-timers';
import { describeEachStore } from '../support/postgres';
import { addUser, openWorld, type ServiceWorld } from './exchange-service-harness';

// Books are published from committed state only. Batches are pipelined: the next one is applied
// in memory while the one before it is written, so when a commit is announced the engine may
// already hold the next batch, whose callers have not been answered and whose makers' order
// events have not gone out. A book read then must not show it: neither as the users' level
// (which is how a maker's fresh quote looked before its attribution arrived) nor at all.
// Commits are held here to make the window as long as a slow PostgreSQL commit.

let world: ServiceWorld | null = null;
let market: MarketData | null = null;
let gate: ReturnType<typeof commitGate> | null = null;
afterEach(async () => {
  // A failed test may have left commits held: the exchange answers them before it stops.
  gate?.releaseAll();
  gate = null;
  market?.stop();
  market = null;
  await world?.close({ remove: true });
  world = null;
});

/** Holds the answers of the next commits until released, one at a time in order; the writes themselves go ahead. */
function commitGate() {
  let toHold = 0;
  const held: Array<() => void> = [];
  return {
    holdNext(count: number): void {
      toHold += count;
    },
    /** Commits being held now. */
    held: () => held.length,
    releaseNext(): void {
      held.shift()!();
    },
    releaseAll(): void {
      toHold = 0;
      for (const release of held.splice(0)) release();
    },
    wrap(real: BatchCommitter): BatchCommitter {
      return {
        ...real,
        commit(statements) {
          const written = real.commit(statements);
          if (toHold === 0) return written;
          toHold -= 1;
          written.catch(() => undefined);
          return new Promise<void>((release) => held.push(release)).then(() => written);
        },
      };
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await turn();
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describeEachStore((store) => {
  it("API.events.order-book-committed-only: a book published while the next batch commits leaves that batch out, and a maker's quote never shows as the users' level", async () => {
    const g = (gate = commitGate());
    world = await openWorld({ store, exchange: { wrapCommitter: (real) => g.wrap(real) } });
    const w = world;
    for (const id of ['alice', 'mm']) {
      await addUser(w.database, id);
      await w.exchange.deposit(id, 'usd', '100000');
    }
    const timers = new ManualTimers();
    market = createMarketData({
      events: w.exchange.events,
      timers,
      pairs: ['btcusd'],
      makers: (userId) => (userId === 'mm' ? 'Wintermute' : undefined),
      readDepth: (pair, levels) => {
        const d = w.exchange.depth(pair, levels);
        return d && { bids: d.bids.map(([price, quantity]) => ({ price, quantity })), asks: [] };
      },
      bookIntervalMs: 0,
    });
    const books: OrderBookMessageWire[] = [];
    market.subscribe({ book: (b) => books.push(b) });
    market.start();

    // Batch A (a user's bid) is applied and its commit held; batch B (the maker's better bid) is
    // applied on top of it, its commit held behind A's.
    g.holdNext(2);
    let answeredB = false;
    const a = w.exchange.placeOrder('alice', 'buy', { currency_pair: 'btcusd', price: '20000', quantity: '0.1' });
    await turn();
    const b = w.exchange
      .placeOrder('mm', 'buy', { currency_pair: 'btcusd', price: '20001', quantity: '0.2' })
      .then((o) => ((answeredB = true), o));
    await until(() => g.held() === 2, 'both batches at the writer');
    // Nothing is committed yet: the depth is the empty book storage holds.
    expect(w.exchange.depth('btcusd')!.bids).toEqual([]);

    // A commits and is announced while B is still being committed.
    g.releaseNext();
    await a;
    await turn();
    timers.advance(0);
    expect(answeredB).toBe(false);
    expect(w.exchange.depth('btcusd')!.bids).toEqual([['20000', '0.1']]);
    expect(books.at(-1)).toMatchObject({ bids: [['20000', '0.1', 'Ox']], market_making: { bids: [] } });
    for (const book of books) expect(JSON.stringify(book)).not.toContain('20001');

    // B commits: its level appears, under the maker's name.
    g.releaseNext();
    await b;
    await turn();
    timers.advance(0);
    expect(w.exchange.depth('btcusd')!.bids).toEqual([
      ['20001', '0.2'],
      ['20000', '0.1'],
    ]);
    expect(books.at(-1)).toMatchObject({ bids: [['20000', '0.1', 'Ox']], market_making: { bids: [['20001', '0.2', 'Wintermute']] } });
    for (const book of books) for (const level of book.bids) expect(level[0]).not.toBe('20001');
  });

  it('API.events.order-book-committed-only: while a batch commits, the depth of the books it changed is the committed snapshot (at most depthSnapshotLevels a side); other pairs and later reads are live', async () => {
    const g = (gate = commitGate());
    world = await openWorld({ store, exchange: { depthSnapshotLevels: 2, wrapCommitter: (real) => g.wrap(real) } });
    const w = world;
    await addUser(w.database, 'alice');
    await w.exchange.deposit('alice', 'usd', '100000');
    for (const price of ['20000', '20001', '20002']) {
      await w.exchange.placeOrder('alice', 'buy', { currency_pair: 'btcusd', price, quantity: '0.1' });
    }
    // Nothing in flight: read from the engine, as deep as asked.
    expect(w.exchange.depth('btcusd', 10)!.bids).toHaveLength(3);

    g.holdNext(1);
    const placed = w.exchange.placeOrder('alice', 'buy', { currency_pair: 'btcusd', price: '20003', quantity: '0.1' });
    await until(() => g.held() === 1, 'the batch at the writer');
    expect(w.exchange.depth('btcusd', 10)!.bids).toEqual([
      ['20002', '0.1'],
      ['20001', '0.1'],
    ]);
    expect(w.exchange.depth('btcusd', 1)!.bids).toEqual([['20002', '0.1']]);
    // A pair the batch did not change is read live.
    expect(w.exchange.depth('ethusd', 10)).toMatchObject({ bids: [], asks: [] });

    g.releaseNext();
    await placed;
    expect(w.exchange.depth('btcusd', 10)!.bids.map(([price]) => price)).toEqual(['20003', '20002', '20001', '20000']);
  });
});
