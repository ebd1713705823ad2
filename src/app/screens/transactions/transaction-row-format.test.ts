import { describe, expect, it } from 'vitest';
import { rowAmount, rowPrice, rowStatus, rowSymbol } from './transaction-row-format';

describe('transaction row texts', () => {
  it('B2.transactions.price-or-dash: price with 2 decimals, a dash when null', () => {
    expect(rowPrice('30000')).toBe('30,000.00');
    expect(rowPrice('0.125')).toBe('0.13');
    expect(rowPrice(null)).toBe('—');
  });
  it('B2.transactions.symbol-or-dash: the symbol, or a dash when null', () => {
    expect(rowSymbol('btcusd')).toBe('BTCUSD');
    expect(rowSymbol(null)).toBe('—');
  });
  it('B2.transactions.status-style: done is capitalised and green, anything else raw', () => {
    expect(rowStatus('done')).toEqual({ text: 'Done', done: true });
    expect(rowStatus('pending')).toEqual({ text: 'pending', done: false });
  });
  it('B2.transactions.table: amounts keep their sign, fiat 2 decimals, crypto up to 8', () => {
    expect(rowAmount('-24', 'usd')).toBe('-24.00');
    expect(rowAmount('0.123456789', 'btc')).toBe('0.12345679');
  });
});
