import type { Order } from '../../../../worker/public';
import { formatAmount, formatPrice, PLACEHOLDER } from '../format/decimal-text';

// Display text of the orders panel's cells (and the dashboard's open orders). Values stay the
// engine's decimal strings; only their presentation is chosen here.

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An order or trade date (ISO text, epoch ms or epoch seconds) as local YYYY-MM-DD and HH:MM:SS,
 * apart so a narrow column can put the time under the day; null when it is not a date.
 */
export function orderDateParts(value: string | number | null | undefined): { day: string; time: string } | null {
  const ms = toEpochMs(value);
  if (ms === null) return null;
  const d = new Date(ms);
  return {
    day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  };
}

export function orderIsoDate(value: string | number | null | undefined): string | undefined {
  const ms = toEpochMs(value);
  return ms === null ? undefined : new Date(ms).toISOString();
}

function toEpochMs(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    // Below 1e12 it can only be seconds (1e12 ms is 2001).
    return n < 1e12 ? n * 1000 : n;
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** "btcusd" → "BTC/USD" using the known quote codes; unknown shapes are upper-cased as sent. */
export function formatPair(symbol: string, quotes: readonly string[]): string {
  const s = symbol.toUpperCase();
  if (s.includes('/') || s.includes('-')) return s.replace('-', '/');
  const quote = [...quotes].sort((a, b) => b.length - a.length).find((q) => s.endsWith(q) && s.length > q.length);
  return quote ? `${s.slice(0, -quote.length)}/${quote}` : s;
}

/** An order's type as a person reads it: 'TrailingStop' → 'Trailing Stop', 'limit' → 'Limit'; 'IOC' as it is. */
export function formatOrderType(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The quote's code of a pair as formatPair shows it ("BTC/USD" → "USD"); '' when it has none. */
export function pairQuote(pair: string): string {
  return pair.includes('/') ? pair.slice(pair.indexOf('/') + 1) : '';
}

/** 'buy' → 'Buy'. */
export function formatAction(action: string): string {
  return action ? action.charAt(0).toUpperCase() + action.slice(1).toLowerCase() : action;
}

/** Buy or sell, for the colour of the Action cell. */
export function actionSide(action: string): 'bid' | 'ask' | null {
  const a = action.toLowerCase();
  return a === 'buy' ? 'bid' : a === 'sell' ? 'ask' : null;
}

/**
 * What the order asks for: its quantity, or for an amount-sized order (a market or stop buy) its
 * amount, with the quote's code so that "100.00 USD" is never read as 100 of the base. `pair` is
 * the pair as formatPair shows it.
 */
export function orderSize(order: Order, pair: string): string {
  if (order.quantity) return formatAmount(order.quantity);
  if (!order.amount) return PLACEHOLDER;
  const quote = pairQuote(pair);
  return quote ? `${formatAmount(order.amount)} ${quote}` : formatAmount(order.amount);
}

/** The order's limit price, else its stop's trigger, else what it filled at on average. */
export function orderPrice(order: Order): string {
  const price = order.price ?? order.stop_price ?? order.vwap;
  return price ? formatPrice(price) : PLACEHOLDER;
}
