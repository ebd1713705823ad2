import { useState } from 'react';
import { Link } from 'react-router-dom';
import { transactionListSchema, type Transaction } from '../../../shared/api/account';
import { paths } from '../../../shared/api/paths';
import { createResource } from '../../data/resource';
import { useAfterBalancesChange } from '../../hooks/useAfterBalancesChange';
import { useEngineSelector } from '../../hooks/useEngineSelector';
import { useOpenOrders } from '../../hooks/useOpenOrders';
import { useResource } from '../../hooks/useResource';
import { http } from '../../http/client';
import { formatAction, formatOrderType, formatPair, pairQuote } from '../exchange/orders/order-format';
import { amountText } from '../money/amount-text';
import { rowAmount, rowStatus } from '../transactions/transaction-row-format';

const LATEST = 5;
const NO_QUOTES: readonly string[] = [];

async function fetchLatestTransactions(signal: AbortSignal): Promise<Transaction[]> {
  const page = await http.get(paths.account.transactions, {
    schema: transactionListSchema,
    query: { limit: LATEST },
    silent: true,
    signal,
  });
  return page.data.slice(0, LATEST);
}

/** The latest transactions (REST) and the open orders (live from the worker). */
export default function RecentActivity() {
  const [transactions] = useState(() => createResource(fetchLatestTransactions));
  const txState = useResource(transactions);
  useAfterBalancesChange(() => void transactions.load());
  const orders = useOpenOrders();
  const quotes = useEngineSelector((s) => s.pairs.quotes) ?? NO_QUOTES;

  return (
    <div className="cards-grid">
      <section className="card" aria-labelledby="latest-tx-title">
        <div className="card-header">
          <h2 id="latest-tx-title" className="card-title">
            Latest transactions
          </h2>
          <Link to="/my/transactions" className="link-small">
            All transactions
          </Link>
        </div>
        {txState.status === 'error' && !txState.data ? (
          <p className="empty muted">Transactions could not be loaded.</p>
        ) : !txState.data ? (
          <p className="empty muted">Loading transactions…</p>
        ) : txState.data.length === 0 ? (
          <p className="empty muted">No transactions yet.</p>
        ) : (
          <ul className="activity-list">
            {txState.data.map((t) => {
              // Amount and status read as in the history (spec B §2, §9): 'Done' in green, else as sent in the warning colour.
              const status = rowStatus(t.status);
              return (
                <li key={t.id}>
                  <span>
                    {t.action} {t.currency.toUpperCase()}
                  </span>
                  <span className="num">{rowAmount(t.amount, t.currency)}</span>
                  <span className={status.done ? 'activity-status-done' : 'activity-status-other'}>{status.text}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="open-orders-title">
        <div className="card-header">
          <h2 id="open-orders-title" className="card-title">
            Open orders
          </h2>
          <Link to="/exchange" className="link-small">
            Trade
          </Link>
        </div>
        {orders.status !== 'ready' && orders.items.length === 0 ? (
          <p className="empty muted">{orders.status === 'error' ? 'Open orders could not be loaded.' : 'Loading open orders…'}</p>
        ) : orders.items.length === 0 ? (
          <p className="empty muted">No open orders.</p>
        ) : (
          <ul className="activity-list">
            {orders.items.slice(0, LATEST).map((o) => {
              // As in the orders panel: "Sell BTC/USD", an amount-sized order with its quote's
              // code, the type in words with its limit or trigger price.
              const pair = formatPair(o.pair, quotes);
              const price = o.price ?? o.stop_price;
              return (
                <li key={o.id}>
                  <span>
                    {formatAction(o.action)} {pair}
                  </span>
                  <span className="num">
                    {o.quantity ? amountText(o.quantity) : o.amount ? `${amountText(o.amount)} ${pairQuote(pair)}`.trim() : '—'}
                  </span>
                  <span className="muted">
                    {formatOrderType(o.type)}
                    {price ? ` @ ${amountText(price)}` : ''}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
