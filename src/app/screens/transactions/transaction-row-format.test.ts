import { describe, expect, it } from 'vitest';
import { rowAmount, rowPrice, rowStatus, rowSymbol } from './transaction-row-format';

describe('transaction row texts', () => {
  it('B2.transactions.price-or-dash: price with 2 decimals, a dash when null', () => {
    expect(rowPrice('30000')).toBe('30,000.00');
    expect(rowPrice('30000.125')).toBe('30,000.13');
    expect(rowPrice(null)).toBe('—');
  });
  it('B9.format.prices-below-one: a price below 1 (ETH/BTC) keeps its places, at least 2', () => {
    expect(rowPrice('0.050151')).toBe('0.050151');
    expect(rowPrice('0.5')).toBe('0.50');
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
  it('B9.format.fiat-2: fiat amounts show 2 decimals, small ones (below 1) up to 4', () => {
    expect(rowAmount('1234.5', 'usd')).toBe('1,234.50');
    expect(rowAmount('1.23456', 'usd')).toBe('1.23');
    expect(rowAmount('0.0012', 'usd')).toBe('0.0012');
    expect(rowAmount('-0.00125', 'usd')).toBe('-0.0013');
    expect(rowAmount('0.5', 'usd')).toBe('0.50');
    expect(rowAmount('0', 'usd')).toBe('0.00');
  });
});
