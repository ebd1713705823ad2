import type { Transaction } from '../../../shared/api/account';
import type { TransactionListQuery } from './transaction-filter';

// The loaded part of the history under one filter: the first page on every filter change, the
// next one (by the server's cursor) when the table nears its end, and the first page again,
// quietly, when the user's money has moved (a deposit credited, a withdrawal paid, a fill), so a
// pending row turns done without a reload. Answers of a superseded filter are dropped; a failed
// load only ends loading (spec B §4, §8: silent).

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
  let inflight: 'first' | 'more' | 'refresh' | null = null;
  /** A refresh asked for while another load was on its way: run once that one ends. */
  let refreshDue = false;

  function set(next: Partial<TransactionListState>): void {
    state = { ...state, ...next };
    for (const l of [...listeners]) l();
  }

  async function run(kind: 'first' | 'more' | 'refresh'): Promise<void> {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    inflight = kind;
    const page = { ...query, limit: TRANSACTION_PAGE_SIZE, ...(kind !== 'more' || after === null ? {} : { after }) };
    try {
      const answer = await fetchPage(page, mine.signal);
      if (controller !== mine) return;
      if (kind === 'refresh') {
        refreshed(answer);
      } else {
        after = answer.next_after;
        set({
          rows: kind === 'first' ? answer.data : [...state.rows, ...answer.data],
          loading: false,
          loadingMore: false,
          hasMore: after !== null,
        });
      }
    } catch {
      // A failed refresh keeps what is shown; a failed load ends loading with what it has.
      if (controller === mine && kind !== 'refresh') set({ loading: false, loadingMore: false, hasMore: false });
    } finally {
      if (controller === mine) {
        controller = null;
        inflight = null;
        if (refreshDue) {
          refreshDue = false;
          void run('refresh');
        }
      }
    }
  }

  /**
   * The fresh first page replaces the rows it covers; the older rows loaded after it stay, with
   * their cursor. When the fresh page does not reach the rows shown (more new rows than a page,
   * or none shown yet), it stands alone with its own cursor and the rest loads again on scroll.
   */
  function refreshed(answer: TransactionPage): void {
    const oldest = answer.data.at(-1);
    const overlap = oldest === undefined ? -1 : state.rows.findIndex((r) => r.id === oldest.id);
    if (overlap === -1 && (answer.data.length > 0 || state.rows.length > 0)) {
      after = answer.next_after;
      set({ rows: answer.data, hasMore: after !== null });
      return;
    }
    const fresh = new Set(answer.data.map((r) => r.id));
    const rest = state.rows.slice(overlap + 1).filter((r) => !fresh.has(r.id));
    const rows = [...answer.data, ...rest];
    if (rows.length !== state.rows.length || rows.some((r, i) => !sameRow(r, state.rows[i]!))) set({ rows });
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
      refreshDue = false;
      set({ rows: [], loading: true, loadingMore: false, hasMore: false });
      return run('first');
    },
    /** The next page, unless one is already coming or there is none. */
    loadMore(): Promise<void> {
      if (state.loading || state.loadingMore || !state.hasMore) return Promise.resolve();
      // The next page goes first; the refresh it interrupts runs again after it.
      if (inflight === 'refresh') refreshDue = true;
      set({ loadingMore: true });
      return run('more');
    },
    /** The first page again, with the rows kept on screen meanwhile (no loading state). */
    refresh(): Promise<void> {
      // An answer already on its way may predate the change: ask again once it is in.
      if (inflight !== null) {
        refreshDue = true;
        return Promise.resolve();
      }
      return run('refresh');
    },
    cancel(): void {
      controller?.abort();
      controller = null;
      inflight = null;
      refreshDue = false;
    },
  };
}
export type TransactionList = ReturnType<typeof createTransactionList>;

function sameRow(a: Transaction, b: Transaction): boolean {
  const keys = Object.keys(a) as (keyof Transaction)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
