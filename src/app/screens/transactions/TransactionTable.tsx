import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Transaction } from '../../../shared/api/account';
import { transactionLimits } from '../../../shared/constants';
import CurrencyIcon from './CurrencyIcon';
import { rowAmount, rowDate, rowPrice, rowStatus, rowSymbol } from './transaction-row-format';

const COLUMNS = ['Date', 'Action', 'Currency', 'Amount', 'Price', 'Symbol', 'Status'] as const;
/** Rows before the end at which the next page is asked for. */
const PREFETCH_ROWS = 20;

interface Props {
  rows: readonly Transaction[];
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  onNearEnd(): void;
}

function Row({ tx }: { tx: Transaction }) {
  const status = rowStatus(tx.status);
  return (
    <>
      <span role="cell">{rowDate(tx.day)}</span>
      <span role="cell">
        <span className={`tx-badge tx-badge-${tx.action.toLowerCase()}`}>{tx.action}</span>
      </span>
      <span role="cell" className="tx-currency">
        <CurrencyIcon currency={tx.currency} />
        {tx.currency.toUpperCase()}
      </span>
      <span role="cell" className="num">
        {rowAmount(tx.amount, tx.currency)}
      </span>
      <span role="cell" className="num">
        {rowPrice(tx.price)}
      </span>
      <span role="cell">{rowSymbol(tx.symbol)}</span>
      <span role="cell" className={status.done ? 'tx-status-done' : 'tx-status-other'}>
        {status.text}
      </span>
    </>
  );
}

/** Spec B §2: 7 columns, virtual-scrolled, 700 px high with 48 px rows (spec B §9). */
export default function TransactionTable({ rows, loading, loadingMore, hasMore, onNearEnd }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => transactionLimits.rowHeightPx,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows.length - PREFETCH_ROWS) onNearEnd();
  }, [hasMore, loadingMore, lastIndex, rows.length, onNearEnd]);

  return (
    <div className="tx-table-wrap">
      <div
        className="tx-table"
        role="table"
        aria-label="Transactions"
        aria-rowcount={loading ? -1 : rows.length + 1}
        aria-busy={loading || loadingMore}
      >
        <div role="rowgroup">
          <div role="row" className="tx-row tx-head" aria-rowindex={1}>
            {COLUMNS.map((c) => (
              <span role="columnheader" key={c} className={c === 'Amount' || c === 'Price' ? 'num' : undefined}>
                {c}
              </span>
            ))}
          </div>
        </div>
        <div
          ref={scroller}
          className="tx-body"
          role="rowgroup"
          tabIndex={0}
          aria-label="Transaction rows, scrollable"
          style={{ height: transactionLimits.listHeightPx }}
        >
          {loading ? (
            Array.from({ length: transactionLimits.skeletonRows }, (_, i) => (
              <div role="row" className="tx-row tx-skeleton" key={i} aria-hidden="true" style={{ height: transactionLimits.rowHeightPx }}>
                {COLUMNS.map((c) => (
                  <span key={c} className="skeleton-bar" />
                ))}
              </div>
            ))
          ) : rows.length === 0 ? (
            <p className="empty muted">No transactions found.</p>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => (
                <div
                  role="row"
                  key={rows[item.index]!.id}
                  aria-rowindex={item.index + 2}
                  className="tx-row"
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  <Row tx={rows[item.index]!} />
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
      {loadingMore && (
        <p className="muted tx-more" role="status">
          Loading more…
        </p>
      )}
    </div>
  );
}
