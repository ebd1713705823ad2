import type { CurrencyPair } from '../../shared/api/account';
import type { Ticker } from '../../shared/hub/messages';
import type { PairRow, PairSort, PairsView, LoadStatus, SortColumn } from '../api';
import { normaliseSymbol } from '../book/book-message';
import { buildPairRow, samePairRow } from './pair-row';
import { DEFAULT_PAIR_SORT, INITIAL_PAIRS } from '../snapshot/initial-snapshot';
import { nextSort, tableRows } from './pair-table';
import { usdPrices } from './usd-volume';

// The pair list joined with live tickers, and the pair table's search, filter and sort.
// Tickers are stored as they arrive; rows are derived once per frame (not per ticker), and a
// row that did not change keeps its identity.

export class MarketData {
  status: LoadStatus = 'idle';
  private pairs: readonly CurrencyPair[] = [];
  private readonly tickers = new Map<string, Ticker>();
  private search = '';
  private quoteFilter = 'ALL';
  private sort: PairSort | null = DEFAULT_PAIR_SORT;
  private rowsBySymbol = new Map<string, PairRow>();
  private view: PairsView = INITIAL_PAIRS;
  private dirty = false;

  constructor(private readonly onChange: () => void) {}

  get symbols(): string[] {
    return this.pairs.map((p) => p.symbol.toLowerCase());
  }

  findPair(symbol: string): CurrencyPair | undefined {
    return this.pairs.find((p) => p.symbol.toLowerCase() === symbol);
  }

  row(symbol: string): PairRow | null {
    this.build();
    return this.rowsBySymbol.get(symbol) ?? null;
  }

  setStatus(status: LoadStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.changed();
  }

  setPairs(pairs: readonly CurrencyPair[]): void {
    this.pairs = pairs;
    this.status = 'ready';
    this.changed();
  }

  applyTicker(ticker: Ticker): void {
    this.tickers.set(normaliseSymbol(ticker.pair), ticker);
    this.changed();
  }

  setSearch(text: string): void {
    if (text === this.search) return;
    this.search = text;
    this.changed();
  }

  setQuoteFilter(quote: string): void {
    const q = quote.trim().toUpperCase() || 'ALL';
    if (q === this.quoteFilter) return;
    this.quoteFilter = q;
    this.changed();
  }

  cycleSort(column: SortColumn): void {
    this.sort = nextSort(this.sort, column);
    this.changed();
  }

  /** The pairs slice; rebuilt only after a change. */
  build(): PairsView {
    if (!this.dirty) return this.view;
    const prices = usdPrices(
      this.pairs.map((p) => ({ base: p.base, quote: p.quote, last: this.tickers.get(p.symbol.toLowerCase())?.last ?? null })),
    );
    const nextRows = new Map<string, PairRow>();
    let allSame = this.view.all.length === this.pairs.length;
    const all = this.pairs.map((p, i) => {
      const symbol = p.symbol.toLowerCase();
      const fresh = buildPairRow(p, this.tickers.get(symbol), prices);
      const old = this.rowsBySymbol.get(symbol);
      const row = old && samePairRow(old, fresh) ? old : fresh;
      nextRows.set(symbol, row);
      if (allSame && this.view.all[i] !== row) allSame = false;
      return row;
    });
    this.rowsBySymbol = nextRows;
    const prev = this.view;
    const allList = allSame ? prev.all : Object.freeze(all);
    const rows = tableRows(allList, this.search, this.quoteFilter, this.sort);
    const quotes = [...new Set(allList.map((r) => r.quote))].sort();
    const next: PairsView = {
      status: this.status,
      all: allList,
      rows: sameList(prev.rows, rows) ? prev.rows : Object.freeze([...rows]),
      quotes: sameList(prev.quotes, quotes) ? prev.quotes : Object.freeze(quotes),
      search: this.search,
      quoteFilter: this.quoteFilter,
      sort: this.sort,
    };
    this.view =
      prev.status === next.status &&
      prev.all === next.all &&
      prev.rows === next.rows &&
      prev.quotes === next.quotes &&
      prev.search === next.search &&
      prev.quoteFilter === next.quoteFilter &&
      prev.sort === next.sort
        ? prev
        : Object.freeze(next);
    this.dirty = false;
    return this.view;
  }

  private changed(): void {
    this.dirty = true;
    this.onChange();
  }
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
