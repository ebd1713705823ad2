import { describe, expect, it } from 'vitest';
import { createTestEngine } from '../testing/test-engine';
import { recalcLimit, recordEdit } from './limit-calc';
import { percentShortcut } from './percent-shortcut';

describe('order helpers (spec B §4, §5, §9)', () => {
  it('B5 limit recalculation: buy amount = price × quantity × (1 + fee)', () => {
    expect(recalcLimit({ side: 'buy', fee: '0.002', price: '100', quantity: '2', amount: '', lastEdited: ['quantity', 'price'] })).toEqual({
      ok: true,
      derived: 'amount',
      price: '100',
      quantity: '2',
      amount: '200.4',
    });
  });

  it('B5 limit recalculation: sell amount = price × quantity × (1 − fee)', () => {
    const r = recalcLimit({ side: 'sell', fee: '0.002', price: '100', quantity: '2', amount: '', lastEdited: ['price', 'quantity'] });
    expect(r).toMatchObject({ ok: true, amount: '199.6' });
  });

  it('B5 limit recalculation inverts the fee when deriving quantity or price from the amount', () => {
    expect(
      recalcLimit({ side: 'buy', fee: '0.002', price: '100', quantity: '', amount: '200.4', lastEdited: ['amount', 'price'] }),
    ).toMatchObject({
      derived: 'quantity',
      quantity: '2',
    });
    expect(
      recalcLimit({ side: 'sell', fee: '0.002', price: '', quantity: '2', amount: '199.6', lastEdited: ['quantity', 'amount'] }),
    ).toMatchObject({
      derived: 'price',
      price: '100',
    });
  });

  it('B5 limit recalculation truncates to 8 decimals', () => {
    // 1 / (3 × 1.001) = 0.333000333000333… → 0.33300033 (rounding would be the same here; use a case where it differs)
    expect(recalcLimit({ side: 'buy', fee: '0', price: '3', quantity: '', amount: '2', lastEdited: ['amount', 'price'] })).toMatchObject({
      quantity: '0.66666666',
    });
    expect(
      recalcLimit({ side: 'buy', fee: '0.001', price: '0.123456789', quantity: '1', amount: '', lastEdited: ['price', 'quantity'] }),
    ).toMatchObject({
      amount: '0.12358024', // 0.123580245789 truncated, not rounded up to …25
    });
  });

  it('B4 whichever two of quantity, price and amount were edited last determine the third', () => {
    let edits = recordEdit([], 'price');
    edits = recordEdit(edits, 'quantity');
    expect(edits).toEqual(['quantity', 'price']);
    edits = recordEdit(edits, 'amount');
    expect(edits).toEqual(['amount', 'quantity']);
    expect(recalcLimit({ side: 'buy', fee: '0', price: '9', quantity: '2', amount: '10', lastEdited: edits })).toMatchObject({
      derived: 'price',
      price: '5',
    });
  });

  it('B5 limit recalculation reports incomplete, invalid and zero-division inputs as values', () => {
    expect(recalcLimit({ side: 'buy', fee: '0', price: '', quantity: '1', amount: '', lastEdited: ['quantity', 'price'] })).toEqual({
      ok: false,
      code: 'INCOMPLETE',
    });
    expect(recalcLimit({ side: 'buy', fee: '0', price: 'abc', quantity: '1', amount: '', lastEdited: ['quantity', 'price'] })).toEqual({
      ok: false,
      code: 'INVALID',
    });
    expect(recalcLimit({ side: 'buy', fee: '0', price: '0', quantity: '', amount: '5', lastEdited: ['amount', 'price'] })).toEqual({
      ok: false,
      code: 'DIVIDE_BY_ZERO',
    });
  });

  it('B9.order-entry.percent-shortcuts: percent shortcuts 10, 25, 50, 75, 100 of the available balance: buy fills amount, sell fills quantity', () => {
    expect(percentShortcut({ side: 'buy', percent: 25, available: '1000.5' })).toEqual({ field: 'amount', value: '250.125' });
    expect(percentShortcut({ side: 'sell', percent: 10, available: '0.123456789' })).toEqual({ field: 'quantity', value: '0.01234567' });
    expect(percentShortcut({ side: 'sell', percent: 100, available: '3' })).toEqual({ field: 'quantity', value: '3' });
    expect(percentShortcut({ side: 'buy', percent: 33, available: '3' })).toEqual({ field: 'amount', value: '0' });
  });

  it('B9.quote.debounce-300ms, B9.quote.refresh-5s, B7.orders.request-for-quote: market quotes: 300 ms after an input change, then every 5 s while positive; 8-decimal estimates', async () => {
    const t = createTestEngine();
    const bodies: unknown[] = [];
    t.http.route('POST /v1/orders/request-for-quote', (req) => {
      bodies.push(req.body);
      return { body: { quote_id: `q${bodies.length}`, quantity: '0.0199999999', price: '50000' } };
    });
    t.start();
    await t.login();
    t.engine.requestQuote({ pair: 'btcusd', side: 'buy', value: '1' });
    await t.advance(100);
    t.engine.requestQuote({ pair: 'btcusd', side: 'buy', value: '1000' }); // debounce restarts
    expect(t.engine.getSnapshot().quote.status).toBe('waiting');
    await t.advance(299);
    expect(bodies).toHaveLength(0);
    await t.advance(1);
    expect(bodies).toEqual([{ pair: 'btcusd', side: 'buy', amount: '1000' }]);
    expect(t.engine.getSnapshot().quote).toMatchObject({
      status: 'ready',
      quoteId: 'q1',
      quantity: '0.01999999',
      amount: null,
      error: null,
    });
    await t.advance(5000);
    expect(bodies).toHaveLength(2);
    expect(t.engine.getSnapshot().quote.quoteId).toBe('q2');
    await t.advance(5000);
    expect(bodies).toHaveLength(3);
    // Non-positive input clears the estimate and the quote id, and stops polling.
    t.engine.requestQuote({ pair: 'btcusd', side: 'buy', value: '0' });
    expect(t.engine.getSnapshot().quote).toMatchObject({ status: 'idle', quoteId: null, quantity: null });
    await t.advance(20_000);
    expect(bodies).toHaveLength(3);
  });

  it('B8.quote.failure-text: quote failure and malformed quotes: "Could not get quote. Please try again."', async () => {
    const t = createTestEngine();
    let answer: { status?: number; body?: unknown } = { status: 500, body: { title: 'x', status: 500 } };
    t.http.route('POST /v1/orders/request-for-quote', () => answer);
    t.start();
    await t.login();
    t.engine.requestQuote({ pair: 'btcusd', side: 'sell', value: '0.5' });
    await t.advance(300);
    expect(t.engine.getSnapshot().quote).toMatchObject({ status: 'error', error: 'Could not get quote. Please try again.', quoteId: null });
    expect(t.engine.getSnapshot().errors.at(-1)?.message).toBe('Could not get quote. Please try again.');
    answer = { body: { quote_id: 'q', amount: 'lots' } };
    await t.advance(5000);
    expect(t.engine.getSnapshot().quote).toMatchObject({ status: 'error', error: 'Could not get quote. Please try again.' });
    answer = { body: { quote_id: 'q', amount: '25000.5' } };
    await t.advance(5000);
    expect(t.engine.getSnapshot().quote).toMatchObject({ status: 'ready', amount: '25000.50000000', quantity: null, error: null });
    t.engine.requestQuote({ pair: 'btcusd', side: 'sell', value: '' });
    expect(t.engine.getSnapshot().quote.status).toBe('idle');
  });

  it('B4 a pair change clears a quote for the old pair', async () => {
    const t = createTestEngine();
    t.http.route('POST /v1/orders/request-for-quote', { body: { quote_id: 'q', quantity: '1' } });
    t.start();
    await t.login();
    t.engine.requestQuote({ pair: 'btcusd', side: 'buy', value: '5' });
    await t.advance(300);
    t.engine.selectPair('ETH', 'USD');
    expect(t.engine.getSnapshot().quote.status).toBe('idle');
  });
});
