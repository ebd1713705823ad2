import type { Transaction } from '../../../shared/api/account';
import type { TransactionListQuery } from './transaction-filter';

// The loaded part of the history under one filter: the first page on every filter change, the
// next one (by the server's cursor) when the table nears its end. Answers of a superseded filter
// are dropped; a failed load only ends loading (spec B §4, §8: silent).

export interface TransactionPage {
  data: Transaction[];
  next_after: string | null;
}
export type FetchTransactionPage = (
  query: TransactionListQuery & { limit: number; after?: string },
  signal: AbortSignal,
) => Promise<TransactionPage>;

export interface TransactionListState {
  rows: readonly Transaction[];
  /** The first page of the current filter is on its way. */
  loading: boolean;
  loadingMore: boolean;
  /** More rows exist beyond `rows`. */
  hasMore: boolean;
}

export const TRANSACTION_PAGE_SIZE = 100;

export function createTransactionList(fetchPage: FetchTransactionPage) {
  const listeners = new Set<() => void>();
  let state: TransactionListState = { rows: [], loading: true, loadingMore: false, hasMore: false };
  let query: TransactionListQuery = {};
  let after: string | null = null;
  let controller: AbortController | null = null;

  function set(next: Partial<TransactionListState>): void {
    state = { ...state, ...next };
    for (const l of [...listeners]) l();
  }

  async function run(first: boolean): Promise<void> {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const page = { ...query, limit: TRANSACTION_PAGE_SIZE, ...(first || after === null ? {} : { after }) };
    try {
      const answer = await fetchPage(page, mine.signal);
      if (controller !== mine) return;
      after = answer.next_after;
      set({ rows: first ? answer.data : [...state.rows, ...answer.data], loading: false, loadingMore: false, hasMore: after !== null });
    } catch {
      if (controller === mine) set({ loading: false, loadingMore: false, hasMore: false });
    } finally {
      if (controller === mine) controller = null;
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
    /** Starts over with a new filter. */
    load(next: TransactionListQuery): Promise<void> {
      query = next;
      after = null;
      set({ rows: [], loading: true, loadingMore: false, hasMore: false });
      return run(true);
    },
    /** The next page, unless one is already coming or there is none. */
    loadMore(): Promise<void> {
      if (state.loading || state.loadingMore || !state.hasMore) return Promise.resolve();
      set({ loadingMore: true });
      return run(false);
    },
    cancel(): void {
      controller?.abort();
      controller = null;
    },
  };
}
export type TransactionList = ReturnType<typeof createTransactionList>;
