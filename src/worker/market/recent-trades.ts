import { tradingLimits } from '../../shared/constants';
import type { RecentTradeRow, RecentTradesView } from '../api';
import { canonicalNonNegative } from '../decimal/canonical';
import { normaliseSymbol } from '../book/book-message';

// Time and Sales (spec B §2): the latest 25 live trades of the selected pair, newest first.

export interface LiveTrade {
  readonly timestamp: number;
  readonly pair: string;
  readonly price: string | null;
  readonly quantity: string | null;
  readonly side: 'buy' | 'sell';
  readonly id?: string | number | undefined;
}

export class RecentTrades {
  private symbol: string | null = null;
  private items: readonly RecentTradeRow[] = [];
  private loading = true;
  private seq = 0;
  private view: RecentTradesView | null = null;

  constructor(
    private readonly onChange: () => void,
    private readonly keep: number = tradingLimits.recentTradesKept,
  ) {}

  reset(symbol: string | null): void {
    this.symbol = symbol;
    this.items = [];
    this.loading = true;
    this.view = null;
    this.onChange();
  }

  /** The trades feed is joined: an empty list now means "no trades", not "loading". */
  markLoaded(): void {
    if (!this.loading) return;
    this.loading = false;
    this.view = null;
    this.onChange();
  }

  add(trade: LiveTrade): boolean {
    if (normaliseSymbol(trade.pair) !== this.symbol) return false;
    const price = canonicalNonNegative(trade.price);
    const quantity = canonicalNonNegative(trade.quantity);
    if (price === null || quantity === null) return false;
    const id = trade.id != null ? String(trade.id) : `${trade.timestamp}:${price}:${quantity}:${++this.seq}`;
    if (this.items.some((t) => t.id === id)) return false;
    const row: RecentTradeRow = Object.freeze({ id, timestamp: trade.timestamp, price, quantity, side: trade.side });
    this.items = Object.freeze([row, ...this.items].slice(0, this.keep));
    this.loading = false;
    this.view = null;
    this.onChange();
    return true;
  }

  build(): RecentTradesView {
    this.view ??= Object.freeze({ symbol: this.symbol, items: this.items, loading: this.loading });
    return this.view;
  }
}
