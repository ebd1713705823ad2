import { memo, useId, useMemo } from 'react';
import { tradingLimits } from '../../../shared/constants';
import { tradingTexts } from '../../../shared/messages';
import type { RecentTradeRow, RecentTradesView } from '../../../worker/public';
import { amountDecimals, formatAmount, formatPrice, priceDecimals } from './format/decimal-text';
import { formatTradeTime, tradeIsoTime } from './format/trade-time';
import StaleBadge from './StaleBadge';

interface TimeAndSalesProps {
  readonly trades: RecentTradesView;
  readonly base: string;
  readonly quote: string;
  readonly stale?: boolean;
}

const TradeRow = memo(function TradeRow({
  trade,
  decimals,
  amountPlaces,
}: {
  trade: RecentTradeRow;
  decimals: number;
  amountPlaces: number;
}) {
  const side = trade.side === 'buy' ? 'bid' : 'ask';
  return (
    <tr>
      <td className="num ex-time">
        <time dateTime={tradeIsoTime(trade.timestamp)}>{formatTradeTime(trade.timestamp)}</time>
      </td>
      <td className={`num ex-${side}`}>{formatPrice(trade.price, decimals)}</td>
      <td className="num">{formatAmount(trade.quantity, amountPlaces)}</td>
      <td className={`ex-side ex-${side}`}>{trade.side.toUpperCase()}</td>
    </tr>
  );
});

/** Spec B §2 Time and Sales: the latest 25 trades of the selected pair, newest first. */
export default function TimeAndSales({ trades, base, quote, stale = false }: TimeAndSalesProps) {
  const titleId = useId();
  const items = useMemo(() => trades.items.slice(0, tradingLimits.recentTradesKept), [trades.items]);
  const decimals = useMemo(() => priceDecimals(items.map((t) => t.price)), [items]);
  const amountPlaces = useMemo(() => amountDecimals(items.map((t) => t.quantity)), [items]);
  const empty = items.length === 0;

  return (
    <section className={`card ex-card ex-trades${stale ? ' is-stale' : ''}`} aria-labelledby={titleId} aria-busy={trades.loading}>
      <header className="ex-card-header">
        <h2 id={titleId} className="card-title">
          Time and Sales <span className="ex-title-pair">{`${base}/${quote}`}</span>
        </h2>
        {stale ? <StaleBadge /> : null}
      </header>
      {/* Focusable: beside the book the list scrolls, and a keyboard must be able to scroll it. */}
      <div className="ex-table-wrap" tabIndex={0} role="group" aria-labelledby={titleId}>
        <table className="table ex-table ex-trades-table">
          <thead>
            <tr>
              <th scope="col" className="num">
                Time
              </th>
              <th scope="col" className="num">
                Price ({quote})
              </th>
              <th scope="col" className="num">
                Amount ({base})
              </th>
              <th scope="col">Side</th>
            </tr>
          </thead>
          <tbody>
            {empty ? (
              <tr className="ex-message-row">
                <td colSpan={4} className="muted">
                  {trades.loading ? tradingTexts.loading : tradingTexts.noTrades}
                </td>
              </tr>
            ) : (
              // Keyed by slot, not by trade: under a storm all 25 trades are new at every render,
              // and keyed by id each render removed 25 rows and built 25 (~150 elements). By slot
              // the rows stay and only their text and side class change (like the book's rows).
              items.map((trade, slot) => <TradeRow key={slot} trade={trade} decimals={decimals} amountPlaces={amountPlaces} />)
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
