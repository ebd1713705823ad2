import { tradingLimits } from '../../shared/constants';
import type { ParsedBook } from './book-message';
import { mergeSide, type MergedLevel } from './depth-merge';

// The live book of the selected pair. Every message is a full book (spec B §3), so applying
// one replaces both sides. Freshness is tracked separately from content: after a reconnect or
// a sequence gap the book stays `stale` until a message arrives after the resync, so the UI
// never shows a possibly outdated book as if it were fresh.

export type ApplyOutcome = 'applied' | 'gap' | 'other-symbol' | 'out-of-order';

export class OrderBookModel {
  symbol: string | null = null;
  bids: readonly MergedLevel[] = [];
  asks: readonly MergedLevel[] = [];
  sequence: number | null = null;
  stale = false;
  hasData = false;
  updatedAt: number | null = null;
  /** Bumped on every visible change, so the view builder can skip unchanged books. */
  revision = 0;
  /** While true, a gap was seen and a resync (leave + rejoin) is in progress. */
  private resyncing = false;
  /** Messages arriving after this point count as post-resync. */
  private freshAfterResync = false;

  constructor(private readonly depth: number = tradingLimits.orderBookDepth) {}

  /** A new pair: empty, loading, no sequence baseline. */
  reset(symbol: string | null): void {
    this.symbol = symbol;
    this.bids = [];
    this.asks = [];
    this.sequence = null;
    this.stale = false;
    this.hasData = false;
    this.updatedAt = null;
    this.resyncing = false;
    this.freshAfterResync = false;
    this.revision++;
  }

  /** The connection dropped: keep the content, flag it, and forget the sequence baseline. */
  markStale(): void {
    if (!this.hasData && !this.stale) return;
    this.stale = true;
    this.sequence = null;
    this.revision++;
  }

  /** Called once the resync join has been answered: the next message is the fresh baseline. */
  resyncJoined(): void {
    this.freshAfterResync = true;
    this.sequence = null;
  }

  get isResyncing(): boolean {
    return this.resyncing;
  }

  apply(book: ParsedBook, now: number): ApplyOutcome {
    if (book.symbol !== this.symbol) return 'other-symbol';
    let outcome: ApplyOutcome = 'applied';
    if (book.sequence !== null && this.sequence !== null) {
      if (book.sequence <= this.sequence) return 'out-of-order';
      if (book.sequence > this.sequence + 1 && !this.resyncing) outcome = 'gap';
    }
    this.bids = mergeSide(book.bids, book.mmBids, 'bids', this.depth);
    this.asks = mergeSide(book.asks, book.mmAsks, 'asks', this.depth);
    this.sequence = book.sequence;
    this.hasData = true;
    this.updatedAt = now;
    if (outcome === 'gap') {
      this.resyncing = true;
      this.freshAfterResync = false;
      this.stale = true;
    } else if (this.resyncing) {
      if (this.freshAfterResync) {
        this.resyncing = false;
        this.freshAfterResync = false;
        this.stale = false;
      }
    } else {
      this.stale = false;
    }
    this.revision++;
    return outcome;
  }
}
