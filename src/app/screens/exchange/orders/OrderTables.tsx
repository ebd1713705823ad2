import { memo } from 'react';
import { tradingTexts } from '../../../../shared/messages';
import type { Order, Trade } from '../../../../worker/public';
import { BusyButton } from '../../../forms/BusyButton';
import { formatAmount, formatMoney, formatPrice, PLACEHOLDER } from '../format/decimal-text';
import {
  actionSide,
  formatAction,
  formatOrderType,
  formatPair,
  orderDateParts,
  orderIsoDate,
  orderPrice,
  orderSize,
  pairQuote,
} from './order-format';

// The three tables of the orders panel (spec B §2 "Orders panel tables"), one page each.

interface TableProps<T> {
  readonly rows: readonly T[];
  readonly loading: boolean;
  readonly quotes: readonly string[];
  readonly caption: string;
}

function MessageRow({ span, loading, empty }: { span: number; loading: boolean; empty: string }) {
  return (
    <tr className="ex-message-row">
      <td colSpan={span} className="muted">
        {loading ? tradingTexts.loading : empty}
      </td>
    </tr>
  );
}

function ActionCell({ action }: { action: string }) {
  const side = actionSide(action);
  return (
    <td data-label="Action" className={side ? `ex-side ex-${side}` : 'ex-side'}>
      {formatAction(action)}
    </td>
  );
}

function DateCell({ value }: { value: string | number | null | undefined }) {
  const date = orderDateParts(value);
  // Day and time each keep to one line; where the column is narrow the time goes under the day.
  return (
    <td data-label="Date" className="num ex-time">
      {date ? (
        <time dateTime={orderIsoDate(value)}>
          <span className="ex-time-part">{date.day}</span> <span className="ex-time-part">{date.time}</span>
        </time>
      ) : (
        PLACEHOLDER
      )}
    </td>
  );
}

interface OpenProps extends TableProps<Order> {
  readonly cancelling: ReadonlySet<string>;
  readonly onCancel: (order: Order) => void;
}

/** The cells open and done orders share: Pair, Action, Type, Quantity, Price, Status and Date. */
function OrderCells({ order, pair, date }: { order: Order; pair: string; date: Order['date_added'] | undefined }) {
  return (
    <>
      <td data-label="Pair">{pair}</td>
      <ActionCell action={order.action} />
      <td data-label="Type" className="ex-words">
        {formatOrderType(order.type)}
      </td>
      <td data-label="Quantity" className="num ex-words">
        {orderSize(order, pair)}
      </td>
      <td data-label="Price" className="num">
        {orderPrice(order)}
      </td>
      <td data-label="Status" className="ex-words">
        {order.status}
      </td>
      <DateCell value={date} />
    </>
  );
}

const OpenRow = memo(function OpenRow({
  order,
  quotes,
  busy,
  onCancel,
}: {
  order: Order;
  quotes: readonly string[];
  busy: boolean;
  onCancel: (o: Order) => void;
}) {
  const pair = formatPair(order.pair, quotes);
  return (
    <tr>
      <OrderCells order={order} pair={pair} date={order.date_added} />
      <td className="ex-row-action">
        <BusyButton
          className="btn btn-secondary btn-small ex-cancel"
          busy={busy}
          onClick={() => onCancel(order)}
          aria-label={`Cancel ${formatAction(order.action)} ${pair} order ${order.id}`}
        >
          {busy ? 'Cancelling…' : 'Cancel'}
        </BusyButton>
      </td>
    </tr>
  );
});

export function OpenOrdersTable({ rows, loading, quotes, caption, cancelling, onCancel }: OpenProps) {
  return (
    <table className="table ex-table ex-orders-table">
      <caption className="ex-sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Pair</th>
          <th scope="col">Action</th>
          <th scope="col">Type</th>
          <th scope="col" className="num">
            Quantity
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col">Status</th>
          <th scope="col" className="num">
            Date
          </th>
          <th scope="col">
            <span className="ex-sr-only">Cancel</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <MessageRow span={8} loading={loading} empty={tradingTexts.noOpenOrders} />
        ) : (
          rows.map((o) => <OpenRow key={o.id} order={o} quotes={quotes} busy={cancelling.has(o.id)} onCancel={onCancel} />)
        )}
      </tbody>
    </table>
  );
}

export function DoneOrdersTable({ rows, loading, quotes, caption }: TableProps<Order>) {
  return (
    <table className="table ex-table ex-orders-table">
      <caption className="ex-sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Pair</th>
          <th scope="col">Action</th>
          <th scope="col">Type</th>
          <th scope="col" className="num">
            Quantity
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col">Status</th>
          <th scope="col" className="num">
            Date
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <MessageRow span={8} loading={loading} empty={tradingTexts.noClosedOrders} />
        ) : (
          rows.map((o) => {
            const pair = formatPair(o.pair, quotes);
            return (
              <tr key={o.id}>
                <td data-label="ID" className="num">
                  {o.id}
                </td>
                <OrderCells order={o} pair={pair} date={o.date_updated ?? o.date_added} />
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}

export function TradesTable({ rows, loading, quotes, caption }: TableProps<Trade>) {
  return (
    <table className="table ex-table ex-orders-table">
      <caption className="ex-sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Action</th>
          <th scope="col">Currency Pair</th>
          <th scope="col" className="num">
            Quantity
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col" className="num">
            Fees
          </th>
          <th scope="col" className="num">
            Net Amount
          </th>
          <th scope="col" className="num">
            Date
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <MessageRow span={8} loading={loading} empty={tradingTexts.noTradeHistory} />
        ) : (
          rows.map((t) => {
            const pair = formatPair(t.currency_pair, quotes);
            // Amount, fees and net amount are in the quote currency.
            const quote = pairQuote(pair);
            return (
              <tr key={t.trade_id}>
                <ActionCell action={t.action} />
                <td data-label="Currency Pair">{pair}</td>
                <td data-label="Quantity" className="num">
                  {formatAmount(t.quantity)}
                </td>
                <td data-label="Price" className="num">
                  {formatPrice(t.price)}
                </td>
                <td data-label="Amount" className="num">
                  {formatMoney(t.amount, quote)}
                </td>
                <td data-label="Fees" className="num">
                  {formatMoney(t.fees, quote)}
                </td>
                <td data-label="Net Amount" className="num">
                  {formatMoney(t.net_amount, quote)}
                </td>
                <DateCell value={t.date_updated} />
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}
