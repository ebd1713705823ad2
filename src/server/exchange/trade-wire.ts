import type { TradeWire } from '../../shared/api/orders';
import type { TransactionWire } from '../../shared/api/account';
import type { FillRow, TransactionRow } from '../db/schema';

// Wire shapes of a user's fill (spec B §3 Trade) and of a journal line (spec B §3 Transaction).

/**
 * net_amount: what the fill cost a buyer in quote (amount + fee) or paid a seller
 * (amount − fee).
 */
export function fillToTradeWire(row: FillRow): TradeWire {
  return {
    cursor: String(row.id),
    trade_id: String(row.trade_id),
    order_id: String(row.order_id),
    date_updated: new Date(Number(row.created_at)).toISOString(),
    action: row.side,
    currency_pair: row.pair,
    quantity: row.quantity,
    amount: row.amount,
    price: row.price,
    fees: row.fee,
    net_amount: row.net_amount,
  };
}

export function transactionToWire(row: TransactionRow): TransactionWire {
  return {
    id: String(row.id),
    day: new Date(Number(row.created_at)).toISOString(),
    action: row.action,
    currency: row.currency,
    amount: row.amount,
    price: row.price,
    symbol: row.symbol,
    status: row.status,
  };
}
