import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { accountLimits } from '../../../shared/constants';
import { createResource } from '../../data/resource';
import { useBalances } from '../../hooks/useBalances';
import { useResource } from '../../hooks/useResource';
import { useValuation } from '../../hooks/useValuation';
import CurrencyIcon from '../money/CurrencyIcon';
import { amountText } from '../money/amount-text';
import { usdText } from '../money/usd-text';
import '../money/money.css';
import DepositModal from './DepositModal';
import { joinRows, nextSort, rowUsd, visibleRows, type PortfolioColumn, type PortfolioRow, type PortfolioSort } from './portfolio-rows';
import { fetchTradableCurrencies } from './transfers-api';
import WithdrawModal from './WithdrawModal';

const ROW = accountLimits.portfolioRowHeightPx;
const COLUMNS: readonly { key: PortfolioColumn; label: string; num: boolean }[] = [
  { key: 'currency', label: 'CURRENCY', num: false },
  { key: 'balance', label: 'BALANCE', num: true },
  { key: 'available', label: 'AVAILABLE', num: true },
];

type Open = { kind: 'deposit' | 'withdraw'; row: PortfolioRow } | null;

/** Spec A §2 Portfolio: search, hide zero balances, sortable columns, deposit and withdraw per row. */
export default function PortfolioPage() {
  const [currencies] = useState(() => createResource(fetchTradableCurrencies));
  const currencyState = useResource(currencies);
  const balances = useBalances();
  const valuation = useValuation();
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const [sort, setSort] = useState<PortfolioSort | null>(null);
  const [open, setOpen] = useState<Open>(null);

  const all = useMemo(() => joinRows(currencyState.data ?? [], balances.items), [currencyState.data, balances.items]);
  const rows = useMemo(() => visibleRows(all, search, hideZero, sort), [all, search, hideZero, sort]);
  // Spec A §2: skeleton rows while the table is still empty (currencies or balances loading).
  const loading = all.length === 0 && (currencyState.status !== 'error' || balances.status === 'loading' || balances.status === 'idle');

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 6,
    initialRect: { width: 800, height: ROW * 10 },
  });

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Portfolio</h1>
        <p className="muted">
          Estimated total value:{' '}
          <span className="portfolio-total" data-testid="portfolio-total" aria-busy={valuation.pricing.length > 0}>
            {valuation.totalUsd === null ? '—' : usdText(valuation.totalUsd)}
          </span>
        </p>
      </header>
      <section className="card" aria-labelledby="portfolio-table-title">
        <h2 id="portfolio-table-title" className="sr-only">
          Balances
        </h2>
        <div className="portfolio-toolbar">
          <div className="field portfolio-search">
            <input
              type="search"
              placeholder="Search Coin"
              aria-label="Search Coin"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} /> Hide Zero Balances
          </label>
        </div>
        <div className="vgrid" role="table" aria-label="Portfolio" aria-rowcount={loading ? -1 : rows.length + 1} aria-busy={loading}>
          <div className="vgrid-head" role="row" aria-rowindex={1}>
            {COLUMNS.map((c) => (
              <span
                key={c.key}
                role="columnheader"
                aria-sort={sort?.column === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                className={c.num ? 'num' : ''}
              >
                <button type="button" className={c.num ? 'num' : ''} onClick={() => setSort((s) => nextSort(s, c.key))}>
                  {c.label}
                  {sort?.column === c.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                </button>
              </span>
            ))}
            <span role="columnheader" className="num usd-col">
              USD VALUE
            </span>
            <span role="columnheader" className="num">
              ACTIONS
            </span>
          </div>
          <div ref={scroller} className="vgrid-body" role="rowgroup" data-testid="portfolio-scroller">
            {loading ? (
              Array.from({ length: accountLimits.portfolioSkeletonRows }, (_, i) => (
                <div key={i} className="vgrid-row" role="row" style={{ height: ROW }} data-testid="skeleton-row" aria-hidden="true">
                  {Array.from({ length: 5 }, (_, j) => (
                    <span key={j} role="cell">
                      <span className="skeleton" />
                    </span>
                  ))}
                </div>
              ))
            ) : rows.length === 0 ? (
              <p className="empty muted">{currencyState.status === 'error' ? 'Currencies could not be loaded.' : 'No coins match.'}</p>
            ) : (
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const row = rows[item.index]!;
                  const code = row.currency.toUpperCase();
                  const usd = rowUsd(row, valuation.byCurrency);
                  return (
                    <div
                      key={row.currency}
                      className="vgrid-row"
                      role="row"
                      aria-rowindex={item.index + 2}
                      data-testid={`portfolio-row-${row.currency}`}
                      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${item.start}px)` }}
                    >
                      <span role="rowheader" className="coin">
                        <CurrencyIcon code={row.currency} />
                        <span>
                          {code}
                          <small>{row.name}</small>
                        </span>
                      </span>
                      <span role="cell" className="num pf-balance" data-testid="balance">
                        {amountText(row.balance)}
                      </span>
                      <span role="cell" className="num pf-available" data-testid="available">
                        {amountText(row.available)}
                      </span>
                      <span role="cell" className="num usd-col">
                        {usd ? usdText(usd) : '—'}
                      </span>
                      <span role="cell" className="row-actions">
                        <button
                          type="button"
                          className="btn btn-buy btn-small"
                          aria-label={`Deposit ${code}`}
                          onClick={() => setOpen({ kind: 'deposit', row })}
                        >
                          +
                        </button>
                        <button
                          type="button"
                          className="btn btn-sell btn-small"
                          aria-label={`Withdraw ${code}`}
                          onClick={() => setOpen({ kind: 'withdraw', row })}
                        >
                          −
                        </button>
                      </span>
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
      </section>
      {open?.kind === 'deposit' && <DepositModal currency={open.row.currency} name={open.row.name} onClose={() => setOpen(null)} />}
      {open?.kind === 'withdraw' && (
        <WithdrawModal
          currency={open.row.currency}
          name={open.row.name}
          available={all.find((r) => r.currency === open.row.currency)?.available ?? open.row.available}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
