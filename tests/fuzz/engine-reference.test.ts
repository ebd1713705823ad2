import { isDeepStrictEqual } from 'node:util';
import { seededRandom } from '../../src/server/lib/seeded-random';
import { describe, expect, it } from 'vitest';
import { createOrderBook } from '../../src/server/matching/fast-order-book';
import { createNaiveOrderBook } from '../../src/server/matching/naive-order-book';
import type {
  BookConfig,
  Destination,
  MatchResult,
  OrderBook,
  PlaceOrder,
  PlaceStop,
  SelfTradePolicy,
  Side,
  TimeInForce,
  Trail,
} from '../../src/server/matching/types';

// Differential fuzz: the same random commands go to the fast book and to the naive reference;
// after every command their answers and their stateHash must agree. On a mismatch the message
// names the seed and the command index: ENGINE_FUZZ_SEED=<seed> reproduces the run.

const SEED = Number(process.env.ENGINE_FUZZ_SEED ?? 0x5eed_2024);
const COMMANDS = Number(process.env.ENGINE_FUZZ_COMMANDS ?? 100_000);

type Command =
  | { kind: 'place'; order: PlaceOrder }
  | { kind: 'cancel'; id: string }
  | { kind: 'move'; id: string; price: number; qty: number | undefined }
  | { kind: 'reduce'; id: string; by: number }
  | { kind: 'expire'; now: number }
  | { kind: 'stop'; stop: PlaceStop }
  | { kind: 'trigger'; ref: number }
  | { kind: 'restore' };

const show = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));

class Generator {
  private readonly rand: () => number;
  private readonly recent: string[] = [];
  private n = 0;
  private issued = 0;
  now = 1_000;
  lastTrade = 1_000;

  constructor(
    seed: number,
    /** Ids now in the book, so most cancels, moves and reduces hit a live order. */
    private readonly live: () => string[],
  ) {
    this.rand = seededRandom(seed).next;
  }

  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)] as T;
  }
  private chance(p: number): boolean {
    return this.rand() < p;
  }
  private newId(): string {
    const id = `o${++this.n}`;
    this.recent.push(id);
    if (this.recent.length > 60) this.recent.shift();
    return id;
  }
  private someId(): string {
    if (this.chance(0.03)) return 'missing';
    const live = this.chance(0.8) ? this.live() : [];
    if (live.length > 0) return this.pick(live);
    return this.recent.length === 0 ? 'missing' : this.pick(this.recent);
  }
  // Few owners, so self-trade prevention happens often.
  private owner(): string {
    return `u${this.int(0, 5)}`;
  }
  private policy(): SelfTradePolicy | undefined {
    return this.chance(0.8) ? undefined : this.pick(['CANCEL_RESTING', 'CANCEL_TAKER', 'CANCEL_BOTH'] as const);
  }
  private price(side: Side): number {
    return side === 'buy' ? this.int(970, 1_003) : this.int(997, 1_030);
  }
  private qty(): number {
    // Mostly small, sometimes a broken value the boundary must refuse identically.
    if (this.chance(0.01)) return this.pick([0, -1, 1.5, 2 ** 53, Number.NaN]);
    return this.int(1, 20);
  }

  next(resting: number): Command {
    this.now += this.int(0, 20);
    // Now and then the books are rebuilt from their own orders(), as the server does after a restart.
    if (++this.issued % 10_000 === 0) return { kind: 'restore' };
    // Keep a book deep enough (around eighty orders) for priority and sweeps to matter.
    if (resting < 80 && this.chance(0.35)) return { kind: 'place', order: this.passive() };
    const r = this.rand();
    if (r < 0.32) return { kind: 'place', order: this.limit() };
    if (r < 0.36) return { kind: 'place', order: this.ioc() };
    if (r < 0.45) return { kind: 'place', order: this.market() };
    if (r < 0.57) return { kind: 'cancel', id: this.someId() };
    if (r < 0.72) {
      const price = this.chance(0.5) ? this.price('buy') : this.price('sell');
      return { kind: 'move', id: this.someId(), price, qty: this.chance(0.5) ? undefined : this.qty() };
    }
    if (r < 0.8) return { kind: 'reduce', id: this.someId(), by: this.chance(0.02) ? 0 : this.int(1, 12) };
    if (r < 0.84) return { kind: 'expire', now: this.now };
    if (r < 0.91) return { kind: 'stop', stop: this.stop() };
    return { kind: 'trigger', ref: Math.max(1, this.lastTrade + this.int(-6, 6)) };
  }

  private limit(): PlaceOrder {
    const side: Side = this.chance(0.5) ? 'buy' : 'sell';
    const tif = this.pick(['GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'GTD'] as const satisfies readonly TimeInForce[]);
    const order: PlaceOrder = {
      id: this.newId(),
      ownerId: this.owner(),
      clientOrderId: `c${this.n}`,
      side,
      type: 'LIMIT',
      tif,
      price: this.price(side),
      qty: this.qty(),
      postOnly: this.chance(0.15),
      destination: this.pick(['lit', 'lit', 'lit', 'dark'] as const satisfies readonly Destination[]),
      selfTradePolicy: this.policy(),
      ...(tif === 'GTD' || this.chance(0.005) ? { expiresAt: this.now + this.int(0, 600) } : {}),
    };
    return order;
  }

  private passive(): PlaceOrder {
    const side: Side = this.chance(0.5) ? 'buy' : 'sell';
    return {
      id: this.newId(),
      ownerId: this.owner(),
      side,
      type: 'LIMIT',
      price: side === 'buy' ? this.int(960, 998) : this.int(1_002, 1_040),
      qty: this.int(1, 30),
      ...(this.chance(0.2) ? { destination: 'dark' as const } : {}),
      ...(this.chance(0.1) ? { tif: 'GTD' as const, expiresAt: this.now + this.int(0, 3_000) } : {}),
    };
  }

  private ioc(): PlaceOrder {
    const side: Side = this.chance(0.5) ? 'buy' : 'sell';
    return {
      id: this.newId(),
      ownerId: this.owner(),
      side,
      type: 'IOC',
      ...(this.chance(0.9) ? {} : { tif: this.pick(['IOC', 'GTC'] as const) }),
      price: this.price(side === 'buy' ? 'sell' : 'buy'),
      qty: this.qty(),
      selfTradePolicy: this.policy(),
      ...(this.chance(0.02) ? { destination: 'dark' as const } : {}),
      ...(this.chance(0.01) ? { postOnly: true } : {}),
    };
  }

  private market(): PlaceOrder {
    const side: Side = this.chance(0.5) ? 'buy' : 'sell';
    const byQuote = side === 'buy' && this.chance(0.5);
    return {
      id: this.newId(),
      ownerId: this.owner(),
      side,
      type: 'MARKET',
      tif: this.chance(0.7) ? 'GTC' : 'FOK',
      ...(byQuote ? { quoteAmount: BigInt(this.int(0, 40_000)) } : { qty: this.qty() }),
      ...(this.chance(0.4) ? { protectionPrice: this.price(side === 'buy' ? 'sell' : 'buy') } : {}),
      ...(this.chance(0.02) ? { postOnly: true } : {}),
      ...(this.chance(0.02) ? { destination: 'dark' as const } : {}),
      selfTradePolicy: this.policy(),
    };
  }

  private stop(): PlaceStop {
    const side: Side = this.chance(0.5) ? 'buy' : 'sell';
    const trailing = this.chance(0.5);
    const trail: Trail = this.chance(0.5) ? { kind: 'ticks', ticks: this.int(1, 8) } : { kind: 'bps', bps: this.int(1, 120) };
    const gtd = this.chance(0.3);
    const byQuote = side === 'buy' && this.chance(0.4);
    return {
      id: this.newId(),
      ownerId: this.owner(),
      side,
      type: trailing ? 'TRAILING_STOP' : 'STOP',
      ...(gtd ? { tif: 'GTD', expiresAt: this.now + this.int(0, 600) } : {}),
      ...(byQuote ? { quoteAmount: BigInt(this.int(1, 30_000)) } : { qty: this.qty() }),
      ...(trailing
        ? { trail, referencePrice: this.lastTrade }
        : { triggerPrice: this.lastTrade + (side === 'buy' ? 1 : -1) * this.int(0, 8) }),
      ...(this.chance(0.5) ? { maxSlippageBps: this.int(0, 40) } : {}),
      selfTradePolicy: this.policy(),
    };
  }
}

/** How often each interesting path ran, so a generator that drifted into dullness fails loudly. */
interface Coverage {
  fills: number;
  selfTrade: number;
  fokRejected: number;
  fokFilled: number;
  postOnlyRejected: number;
  quoteFilled: number;
  expired: number;
  fired: number;
  moved: number;
  reduced: number;
  cancelled: number;
  restores: number;
  invalid: number;
  maxResting: number;
  meanResting: number;
}

function run(seed: number, commands: number, config: BookConfig = {}): Coverage {
  const seen: Coverage = {
    fills: 0,
    selfTrade: 0,
    fokRejected: 0,
    fokFilled: 0,
    postOnlyRejected: 0,
    quoteFilled: 0,
    expired: 0,
    fired: 0,
    moved: 0,
    reduced: 0,
    cancelled: 0,
    restores: 0,
    invalid: 0,
    maxResting: 0,
    meanResting: 0,
  };
  let fast: OrderBook = createOrderBook(config);
  const gen = new Generator(seed, () => Array.from(fast.orders(), (o) => o.id));
  let naive: OrderBook = createNaiveOrderBook(config);
  let index = 0;
  let command: Command = { kind: 'restore' };

  const agree = (what: string, a: unknown, b: unknown): void => {
    if (isDeepStrictEqual(a, b)) return;
    const where = `seed=${seed} command #${index} ${show(command)}: ${what} differs`;
    console.error(where);
    expect(b, where).toEqual(a);
  };
  const note = (r: MatchResult): void => {
    const last = r.fills[r.fills.length - 1];
    if (last !== undefined) gen.lastTrade = last.price;
    seen.fills += r.fills.length;
    seen.selfTrade += r.selfTradeCancelled.length;
    if (r.reason === 'INSUFFICIENT_LIQUIDITY_FOK') seen.fokRejected++;
    if (r.reason === 'POST_ONLY_WOULD_CROSS') seen.postOnlyRejected++;
    if (r.status === 'FILLED' && r.quoteRemaining !== null) seen.quoteFilled++;
    if (r.status === 'REJECTED' && r.reason?.startsWith('INVALID')) seen.invalid++;
  };

  for (index = 0; index < commands; index++) {
    command = gen.next(fast.restingCount);
    switch (command.kind) {
      case 'place': {
        const a = fast.place(command.order);
        agree('place result', a, naive.place(command.order));
        note(a);
        if (command.order.tif === 'FOK' && a.status === 'FILLED') seen.fokFilled++;
        break;
      }
      case 'cancel': {
        const a = fast.cancel(command.id);
        agree('cancel result', a, naive.cancel(command.id));
        if (a !== null) seen.cancelled++;
        break;
      }
      case 'move': {
        const a = fast.move(command.id, command.price, command.qty);
        agree('move result', a, naive.move(command.id, command.price, command.qty));
        note(a);
        if (a.status !== 'REJECTED') seen.moved++;
        break;
      }
      case 'reduce': {
        const a = fast.reduce(command.id, command.by);
        agree('reduce result', a, naive.reduce(command.id, command.by));
        if (a.ok) seen.reduced++;
        break;
      }
      case 'expire': {
        const a = fast.expireDue(command.now);
        agree('expired orders', a, naive.expireDue(command.now));
        seen.expired += a.length;
        break;
      }
      case 'stop':
        agree('stop result', fast.placeStop(command.stop), naive.placeStop(command.stop));
        break;
      case 'trigger': {
        const fired = fast.triggerStops(command.ref);
        agree('triggered stops', fired, naive.triggerStops(command.ref));
        seen.fired += fired.length;
        for (const t of fired) {
          const a = fast.place(t.market);
          agree(`market from stop ${t.order.id}`, a, naive.place(t.market));
          note(a);
        }
        break;
      }
      case 'restore': {
        const nextFast = createOrderBook(config);
        const nextNaive = createNaiveOrderBook(config);
        agree('restore', nextFast.restore(fast.orders()), nextNaive.restore(naive.orders()));
        agree('restored hash', fast.stateHash(), nextFast.stateHash());
        fast = nextFast;
        naive = nextNaive;
        seen.restores++;
        break;
      }
    }
    agree('stateHash', fast.stateHash(), naive.stateHash());
    seen.maxResting = Math.max(seen.maxResting, fast.restingCount);
    seen.meanResting += fast.restingCount / commands;
    if (index % 16 === 0) {
      agree('depth', fast.depth(8), naive.depth(8));
      agree('hidden depth', fast.depth(8, { includeHidden: true }), naive.depth(8, { includeHidden: true }));
      agree('best bid', fast.bestBid(), naive.bestBid());
      agree('best ask', fast.bestAsk({ includeHidden: true }), naive.bestAsk({ includeHidden: true }));
      agree('counts', [fast.restingCount, fast.stopCount], [naive.restingCount, naive.stopCount]);
    }
  }
  return seen;
}

describe('engine differential fuzz', () => {
  it(`CORE.matching.fast-equals-reference: fast book matches the naive reference over ${COMMANDS} random commands (seed ${SEED})`, () => {
    const seen = run(SEED, COMMANDS);
    console.info(`engine fuzz seed=${SEED}`, seen);
    // Every path the fuzz is meant to compare must actually have run, in earnest.
    const floor = COMMANDS / 1_000;
    for (const [path, count] of Object.entries(seen)) {
      if (path !== 'restores' && !path.endsWith('Resting')) expect(count, path).toBeGreaterThan(floor);
    }
    expect(seen.meanResting).toBeGreaterThan(40);
    expect(seen.restores).toBe(Math.floor(COMMANDS / 10_000));
  }, 120_000);

  it('CORE.matching.self-trade-policies-agree: agrees too when the book-wide self-trade policy is not the default', () => {
    for (const selfTradePolicy of ['CANCEL_TAKER', 'CANCEL_BOTH'] as const) {
      const seen = run(SEED + 1, Math.ceil(COMMANDS / 20), { selfTradePolicy });
      expect(seen.selfTrade + seen.fills, selfTradePolicy).toBeGreaterThan(0);
    }
  }, 60_000);
});
