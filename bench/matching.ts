// Matching-engine throughput, our fast book against the npm package nodejs-order-book, on one
// command list. The workload follows exchange-core's single-symbol "exchange" test: about 1,000
// resting orders over about 750 price levels, then a stream that is mostly moves and cancels
// (each cancel followed by a replacement so the book keeps its size), some passive GTC limits,
// some reduces and some IOCs that take liquidity.
import { pathToFileURL } from 'node:url';
import { OrderBook as PackageBook, Side as PackageSide, type LimitOrderOptions } from 'nodejs-order-book';
import { createOrderBook } from '../src/server/matching';
import type { OrderBook, PlaceOrder } from '../src/server/matching';
import type { BenchResult } from './report';
import { seededRandom } from '../src/server/lib/seeded-random';

const OP_GTC = 0;
const OP_IOC = 1;
const OP_CANCEL = 2;
const OP_MOVE = 3;
const OP_REDUCE = 4;

const PREFILL = 1_000;
const STREAM = Number(process.env.BENCH_MATCHING_COMMANDS ?? 4_000_000);
// The package runs a prefix of the same list: at its speed the whole list would take minutes.
const PACKAGE_STREAM = Math.min(STREAM, 300_000);
const RUNS = 3;
const MID = 1_000_000;
const HALF_SPREAD_LEVELS = 750;
const SEED = 20_240_601;
// The package exports its TimeInForce enum as a type only; its values are these strings.
const PACKAGE_GTC = 'GTC' as LimitOrderOptions['timeInForce'];
const PACKAGE_IOC = 'IOC' as LimitOrderOptions['timeInForce'];

/** The command list as flat typed arrays, so replaying it allocates nothing but the engines' own work. */
interface Commands {
  readonly count: number;
  readonly op: Uint8Array;
  readonly order: Int32Array;
  readonly sell: Uint8Array;
  readonly price: Int32Array;
  /** Lots to place, or lots to take off for a reduce. */
  readonly qty: Int32Array;
  readonly ids: string[];
  readonly owners: string[];
  readonly levelsAfterPrefill: number;
}

/**
 * Builds the commands by running them once through our book, which tells the generator which
 * orders are alive (to cancel, move or reduce) and where the top of the book is (to aim the IOCs).
 * Every order has its own owner, so self-trade prevention never fires and both engines see plain
 * price-time matching.
 */
function generate(stream: number): Commands {
  const rand = seededRandom(SEED).next;
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const total = PREFILL + stream;
  const op = new Uint8Array(total);
  const order = new Int32Array(total);
  const sell = new Uint8Array(total);
  const price = new Int32Array(total);
  const qty = new Int32Array(total);
  const ids: string[] = [];
  const owners: string[] = [];
  const book = createOrderBook();
  // Live orders as a dense array with positions, for O(1) random pick and removal.
  const live: number[] = [];
  const pos: number[] = [];
  const priceOf: number[] = [];
  const sellOf: boolean[] = [];
  const add = (o: number): void => {
    pos[o] = live.length;
    live.push(o);
  };
  const drop = (o: number): void => {
    const i = pos[o] ?? -1;
    if (i < 0) return;
    const last = live.pop() as number;
    if (last !== o) {
      live[i] = last;
      pos[last] = i;
    }
    pos[o] = -1;
  };
  const indexOf = (id: string): number => Number(id.slice(1));
  let n = 0;
  const emit = (kind: number, o: number, isSell: boolean, p: number, q: number): void => {
    op[n] = kind;
    order[n] = o;
    sell[n] = isSell ? 1 : 0;
    price[n] = p;
    qty[n] = q;
    n++;
    const id = ids[o] as string;
    let result;
    if (kind === OP_GTC || kind === OP_IOC) {
      result = book.place({
        id,
        ownerId: owners[o] as string,
        side: isSell ? 'sell' : 'buy',
        type: kind === OP_GTC ? 'LIMIT' : 'IOC',
        price: p,
        qty: q,
      });
      if (result.resting !== null) add(o);
    } else if (kind === OP_CANCEL) {
      book.cancel(id);
      drop(o);
      return;
    } else if (kind === OP_REDUCE) {
      const r = book.reduce(id, q);
      if (r.ok && r.removed) drop(o);
      return;
    } else {
      result = book.move(id, p);
      priceOf[o] = p;
      if (result.resting === null) drop(o);
    }
    for (const f of result.fills) if (f.makerRemaining === 0) drop(indexOf(f.makerOrderId));
  };
  const newOrder = (isSell: boolean, p: number): number => {
    const o = ids.length;
    ids.push(`o${o}`);
    owners.push(`u${o}`);
    priceOf[o] = p;
    sellOf[o] = isSell;
    pos[o] = -1;
    return o;
  };
  const top = (): { bid: number; ask: number } => ({
    bid: book.bestBid({ includeHidden: true })?.price ?? MID - 1,
    ask: book.bestAsk({ includeHidden: true })?.price ?? MID + 1,
  });
  /** A passive limit somewhere in the resting range, away from the touch. */
  const passive = (): void => {
    const isSell = rand() < 0.5;
    const { bid, ask } = top();
    const p = isSell ? ask + int(0, HALF_SPREAD_LEVELS - 1) : Math.max(1, bid - int(0, HALF_SPREAD_LEVELS - 1));
    emit(OP_GTC, newOrder(isSell, p), isSell, p, int(1, 100));
  };

  for (let i = 0; i < PREFILL; i++) {
    const isSell = i % 2 === 1;
    const p = isSell ? MID + int(1, HALF_SPREAD_LEVELS) : MID - int(1, HALF_SPREAD_LEVELS);
    emit(OP_GTC, newOrder(isSell, p), isSell, p, int(1, 100));
  }
  const levelsAfterPrefill = book.depth(Infinity, { includeHidden: true });

  while (n < total) {
    const pick = (): number => live[Math.floor(rand() * live.length)] as number;
    if (live.length < 950) {
      passive();
      continue;
    }
    if (live.length > 1_050) {
      const o = pick();
      emit(OP_CANCEL, o, sellOf[o] as boolean, 0, 0);
      continue;
    }
    const r = rand();
    if (r < 0.45) {
      // Move a few ticks either way; near the touch that sometimes crosses and trades.
      const o = pick();
      const delta = int(1, 4) * (rand() < 0.5 ? -1 : 1);
      emit(OP_MOVE, o, sellOf[o] as boolean, Math.max(1, (priceOf[o] as number) + delta), 0);
    } else if (r < 0.65) {
      const o = pick();
      emit(OP_CANCEL, o, sellOf[o] as boolean, 0, 0);
      if (n < total) passive();
    } else if (r < 0.75) {
      const o = pick();
      emit(OP_REDUCE, o, sellOf[o] as boolean, 0, int(1, 10));
    } else if (r < 0.9) {
      passive();
    } else {
      const isSell = rand() < 0.5;
      const { bid, ask } = top();
      const p = isSell ? Math.max(1, bid - int(0, 2)) : ask + int(0, 2);
      emit(OP_IOC, newOrder(isSell, p), isSell, p, int(1, 150));
    }
  }
  return {
    count: n,
    op,
    order,
    sell,
    price,
    qty,
    ids,
    owners,
    levelsAfterPrefill: levelsAfterPrefill.bids.length + levelsAfterPrefill.asks.length,
  };
}

/** Runs commands [from, to) on our book; returns the number of fills, so the work cannot be optimised away. */
function runOurs(book: OrderBook, c: Commands, from: number, to: number): number {
  let fills = 0;
  for (let i = from; i < to; i++) {
    const o = c.order[i] as number;
    const id = c.ids[o] as string;
    switch (c.op[i]) {
      case OP_GTC:
      case OP_IOC: {
        const req: PlaceOrder = {
          id,
          ownerId: c.owners[o] as string,
          side: c.sell[i] === 1 ? 'sell' : 'buy',
          type: c.op[i] === OP_GTC ? 'LIMIT' : 'IOC',
          price: c.price[i] as number,
          qty: c.qty[i] as number,
        };
        fills += book.place(req).fills.length;
        break;
      }
      case OP_CANCEL:
        book.cancel(id);
        break;
      case OP_MOVE:
        fills += book.move(id, c.price[i] as number).fills.length;
        break;
      case OP_REDUCE:
        book.reduce(id, c.qty[i] as number);
        break;
    }
  }
  return fills;
}

/**
 * The same commands on nodejs-order-book: limit (GTC or IOC), cancel, and modify for both move
 * (new price) and reduce (new size: the package has no reduce, so this reads the order first and,
 * as its modify does, the order loses its time priority).
 */
function runPackage(book: PackageBook, c: Commands, from: number, to: number): number {
  let fills = 0;
  for (let i = from; i < to; i++) {
    const o = c.order[i] as number;
    const id = c.ids[o] as string;
    switch (c.op[i]) {
      case OP_GTC:
      case OP_IOC:
        fills += book.limit({
          id,
          side: c.sell[i] === 1 ? PackageSide.SELL : PackageSide.BUY,
          size: c.qty[i] as number,
          price: c.price[i] as number,
          timeInForce: c.op[i] === OP_GTC ? PACKAGE_GTC : PACKAGE_IOC,
        }).done.length;
        break;
      case OP_CANCEL:
        book.cancel(id);
        break;
      case OP_MOVE:
        fills += book.modify(id, { price: c.price[i] as number }).done.length;
        break;
      case OP_REDUCE: {
        const current = book.order(id);
        if (current === undefined) break;
        const size = current.size - (c.qty[i] as number);
        if (size > 0) book.modify(id, { size });
        else book.cancel(id);
        break;
      }
    }
  }
  return fills;
}

interface Measure {
  /** Commands per wall-clock second. */
  opsPerSecond: number;
  /** Commands per second of this process's CPU time (user + system), less sensitive to a busy machine. */
  opsPerCpuSecond: number;
  fills: number;
  resting: number;
}

/** Fresh book, untimed prefill, then the timed stream. */
function measure<B>(
  make: () => B,
  run: (book: B, c: Commands, from: number, to: number) => number,
  c: Commands,
  to: number,
  size: (b: B) => number,
): Measure {
  const book = make();
  run(book, c, 0, PREFILL);
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const fills = run(book, c, PREFILL, to);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return { opsPerSecond: (to - PREFILL) / seconds, opsPerCpuSecond: (to - PREFILL) / cpuSeconds, fills, resting: size(book) };
}

/** Best of several runs: on a shared machine noise only ever slows a run down. */
function best(runs: Measure[]): Measure {
  return runs.reduce((a, b) => (b.opsPerSecond > a.opsPerSecond ? b : a));
}

function repeat(times: number, f: () => Measure): Measure[] {
  return Array.from({ length: times }, f);
}

export default async function run(): Promise<BenchResult> {
  const commands = generate(STREAM);
  const end = commands.count;
  const warm = Math.min(end, PREFILL + 500_000);

  const ours = () => createOrderBook();
  const oursSize = (b: OrderBook): number => b.restingCount;
  measure(ours, runOurs, commands, warm, oursSize);
  const oursRun = best(repeat(RUNS, () => measure(ours, runOurs, commands, end, oursSize)));

  const pkg = () => new PackageBook();
  const pkgSize = (): number => 0;
  measure(pkg, runPackage, commands, PREFILL + PACKAGE_STREAM / 3, pkgSize);
  const pkgRun = best(repeat(RUNS, () => measure(pkg, runPackage, commands, PREFILL + PACKAGE_STREAM, pkgSize)));

  const oursOps = oursRun.opsPerSecond;
  const ratio = oursOps / pkgRun.opsPerSecond;
  const mix = new Map<number, number>();
  for (let i = PREFILL; i < end; i++) mix.set(commands.op[i] as number, (mix.get(commands.op[i] as number) ?? 0) + 1);
  const share = (k: number): string => `${Math.round((100 * (mix.get(k) ?? 0)) / (end - PREFILL))}%`;

  return {
    name: 'matching',
    workload:
      `${PREFILL.toLocaleString('en-US')} resting orders prefilled over ${commands.levelsAfterPrefill} price levels, then ` +
      `${(end - PREFILL).toLocaleString('en-US')} commands: move ${share(OP_MOVE)}, cancel ${share(OP_CANCEL)}, GTC limit ${share(OP_GTC)} ` +
      `(replacements included), reduce ${share(OP_REDUCE)}, IOC ${share(OP_IOC)}; one owner per order (no self-trade), ` +
      `book kept near 1,000 orders. Each engine: warm-up, then best of ${RUNS} timed runs on a ` +
      `fresh prefilled book (wall clock); ours over the whole list, nodejs-order-book over its first ` +
      `${PACKAGE_STREAM.toLocaleString('en-US')} commands (at its speed the whole list takes minutes). Its modify ` +
      `re-queues an order on a size change; our reduce keeps priority.`,
    figures: [
      { label: 'ops/s (our engine)', value: Math.round(oursOps), unit: 'ops/s', target: '>= 1,000,000', pass: oursOps >= 1_000_000 },
      { label: 'ops/s (nodejs-order-book)', value: Math.round(pkgRun.opsPerSecond), unit: 'ops/s' },
      { label: 'ops per CPU-second (our engine)', value: Math.round(oursRun.opsPerCpuSecond), unit: 'ops/s' },
      { label: 'ops per CPU-second (nodejs-order-book)', value: Math.round(pkgRun.opsPerCpuSecond), unit: 'ops/s' },
      { label: 'speed-up over nodejs-order-book', value: Math.round(ratio * 100) / 100, unit: 'x', target: '>= 5x', pass: ratio >= 5 },
      { label: 'fills in the whole list (ours)', value: oursRun.fills, unit: 'fills' },
      { label: `fills in the first ${PACKAGE_STREAM / 1000}k (package)`, value: pkgRun.fills, unit: 'fills' },
      { label: 'resting orders at end (ours)', value: oursRun.resting, unit: 'orders' },
    ],
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await run();
  console.log(result.workload);
  for (const f of result.figures) {
    const mark = f.pass === undefined ? '' : f.pass ? '  PASS' : '  MISS';
    console.log(
      `${f.label.padEnd(40)} ${f.value.toLocaleString('en-US').padStart(12)} ${f.unit}${f.target ? `  (target ${f.target})` : ''}${mark}`,
    );
  }
}
