import type { OrderBookMessageWire } from '../../shared/hub/messages';
import type { Clock, Timers } from '../time/timers';
import { buildBookLevels, type BookLevels, type DepthReader } from './book-levels';
import { CoalescingThrottle } from './coalescing-throttle';
import type { MakerQuotes } from './maker-quotes';

// The order-book half of market data. Books are read right after the exchange announced a
// commit (in a microtask queued by its events), never from a timer, so the depth and the makers'
// order events that say whose each level is are of the same commit. The depth reader answers as
// of the last committed batch (Exchange.depth): the next batch, already applied in memory while
// this one was written, is neither shown nor attributed before its own commit. The throttle
// only decides when the latest read goes out, each with the pair's next sequence number.

/** What the publisher keeps of one pair's book. */
export interface PairBook {
  book: OrderBookMessageWire | null;
  /** Levels of `book` as JSON, to skip publishing a book whose top did not change. */
  bookKey: string;
  /** Levels read after the latest commit that differ from `book`, waiting for the throttle. */
  next: { levels: BookLevels; key: string } | null;
  sequence: number;
  lastUpdated: number;
}

export interface BookPublisherOptions {
  timers: Timers;
  readDepth: DepthReader;
  makers: MakerQuotes;
  /** Levels per side in a book message. */
  levels: number;
  intervalMs: number;
  /** The book state of a pair, created on first use. */
  pair(pair: string): PairBook;
  publish(book: OrderBookMessageWire): void;
  /** Runs work whose failure must not stop the others. */
  guard(work: () => void): void;
}

export class BookPublisher {
  /** Pairs whose book changed in the commit being announced. */
  private readonly stale = new Set<string>();
  private readQueued = false;
  private readonly throttle: CoalescingThrottle<string>;
  private readonly clock: Clock;

  constructor(private readonly o: BookPublisherOptions) {
    this.clock = o.timers;
    this.throttle = new CoalescingThrottle<string>(o.timers, o.intervalMs, (pair) => o.guard(() => this.publish(pair)));
  }

  /** Reads the book once the whole commit has been announced (all its order events included). */
  changed(pair: string): void {
    this.stale.add(pair);
    if (this.readQueued) return;
    this.readQueued = true;
    queueMicrotask(() => {
      this.readQueued = false;
      for (const p of this.stale) this.o.guard(() => this.read(p));
      this.stale.clear();
    });
  }

  /** The latest published book of a pair; built now when none was yet. */
  latest(pair: string, s: PairBook): OrderBookMessageWire | null {
    if (!s.book) {
      // Nothing announced for this pair yet: its book is what storage gave the engine at start.
      this.read(pair);
      this.commit(pair, s);
    }
    return s.book;
  }

  stop(): void {
    this.throttle.stop();
  }

  private read(pair: string): void {
    const s = this.o.pair(pair);
    const levels = buildBookLevels(pair, this.o.readDepth, this.o.makers, this.o.levels);
    const key = JSON.stringify(levels);
    s.next = key === s.bookKey && s.book ? null : { levels, key };
    if (s.next) this.throttle.mark(pair);
  }

  /** Turns the latest read into the next book message (next sequence number). */
  private commit(pair: string, s: PairBook): OrderBookMessageWire | null {
    const next = s.next;
    if (!next) return null;
    s.next = null;
    s.sequence += 1;
    s.bookKey = next.key;
    s.book = { pair, ...next.levels, lastupdated: s.lastUpdated, lastpublished: this.clock.now(), sequence: s.sequence };
    return s.book;
  }

  private publish(pair: string): void {
    const book = this.commit(pair, this.o.pair(pair));
    if (book) this.o.publish(book);
  }
}
