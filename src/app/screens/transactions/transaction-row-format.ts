import { formatMoney, formatPrice, PLACEHOLDER } from '../exchange/format/decimal-text';

// Spec B §2 row texts and spec B §9 number formats (fiat 2 decimals, small fiat 2 to 4, crypto 2 to 8).
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function rowDate(day: string): string {
  const ms = Date.parse(day);
  return Number.isNaN(ms) ? day : dateTime.format(ms);
}

export function rowAmount(amount: string | null | undefined, currency: string): string {
  return formatMoney(amount, currency);
}

/** Price with 2 decimals (a price below 1 with its places, as everywhere), a dash when null. */
export function rowPrice(price: string | null | undefined): string {
  return price == null ? PLACEHOLDER : formatPrice(price);
}

export function rowSymbol(symbol: string | null | undefined): string {
  return symbol ? symbol.toUpperCase() : PLACEHOLDER;
}

/** 'done' capitalised (shown in green); anything else as it is (shown in the warning colour). */
export function rowStatus(status: string): { text: string; done: boolean } {
  return status === 'done' ? { text: 'Done', done: true } : { text: status, done: false };
}
