import { describe, expect, it } from 'vitest';
import { hubEvents } from '../../shared/hub/names';
import type { OrderWire } from '../../shared/api/orders';
import { createTestEngine, type TestEngine } from '../testing/test-engine';
import { buildOrderPayload, type OrderDraft } from './order-sender';
import { trailingStopFigures } from './trailing-stop';

// The order entry draft in the engine (spec B §2, §4, §5, §8), on manual time with a routed fetch.

const book = (bids: [string, string][], asks: [string, string][]) => ({
  pair: 'btcusd',
  bids: bids.map(([p, q]) => [p, q, 'ox']),
  asks: asks.map(([p, q]) => [p, q, 'ox']),
});

function placed(body: Record<string, unknown>, overrides: Partial<OrderWire> = {}): OrderWire {
  return {
    id: '42',
    client_order_id: String(body.client_order_id),
    date_added: '2026-01-01T00:00:00.000Z',
    status: 'open',
    pair: 'btcusd',
    action: 'buy',
    type: 'Limit',
    price: body.price as string,
    quantity: body.quantity as string,
    ...overrides,
  };
}

async function ready(
  balances = [
    { currency: 'USD', available: '1000' },
    { currency: 'BTC', available: '2' },
  ],
): Promise<TestEngine> {
  const t = createTestEngine();
  t.http.route('GET /v1/account-management/balances', { body: balances });
  t.start();
  await t.login();
  t.hub.emit(hubEvents.orderBook, book([['99', '1']], [['101', '1']]));
  await t.advance(20);
  return t;
}

const entry = (t: TestEngine) => t.engine.getSnapshot().orderEntry;

describe('order entry in the engine (spec B §2, §4, §5)', () => {
  it('B4.order-entry.limit-price-prefill-mid: an empty, unfocused limit price takes the mid; a focused one waits', async () => {
    const t = await ready();
    expect(entry(t).values.price).toBe('100');
    t.engine.editOrderField('price', '');
    t.engine.setOrderPriceFocus(true);
    t.hub.emit(hubEvents.orderBook, book([['101', '1']], [['103', '1']]));
    await t.advance(20);
    expect(entry(t).values.price).toBe('');
    t.engine.setOrderPriceFocus(false);
    await t.advance(20);
    expect(entry(t).values.price).toBe('102');
    expect(entry(t).setAt.price).toBe(entry(t).revision);
  });

  it('B4.order-entry.last-two-derive-third: editing quantity then total derives the price, with the fee', async () => {
    const t = await ready();
    t.engine.editOrderField('quantity', '2');
    await t.advance(20);
    // price (prefilled) and quantity → total = 100 × 2 × 1.002
    expect(entry(t).values.amount).toBe('200.4');
    t.engine.editOrderField('amount', '400.8');
    await t.advance(20);
    expect(entry(t).lastEdited).toEqual(['amount', 'quantity']);
    expect(entry(t).values.price).toBe('200');
  });

  it('B9.order-entry.price-shortcuts: Bid, Ask, Mid, +1 % and −1 % of the mid', async () => {
    const t = await ready();
    for (const [kind, price] of [
      ['bid', '99'],
      ['ask', '101'],
      ['mid', '100'],
      ['plus1', '101'],
      ['minus1', '99'],
    ] as const) {
      t.engine.applyPriceShortcut(kind);
      await t.advance(20);
      expect(entry(t).values.price, kind).toBe(price);
    }
  });

  it('B2.order-book.click-fills-price: a level picked in the book becomes the limit price (a stop trigger); market and trailing forms turn Limit; junk is ignored', async () => {
    const t = await ready();
    t.engine.editOrderField('quantity', '2');
    t.engine.pickBookPrice('101');
    await t.advance(20);
    // The price and the quantity typed before derive the total, with the fee.
    expect(entry(t).values).toMatchObject({ price: '101', quantity: '2', amount: '202.404' });

    t.engine.setOrderType('Stop');
    t.engine.pickBookPrice('98.5');
    await t.advance(20);
    expect(entry(t)).toMatchObject({ type: 'Stop', values: { price: '98.5' } });

    for (const type of ['Market', 'TrailingStop'] as const) {
      t.engine.setOrderType(type);
      t.engine.pickBookPrice('99');
      await t.advance(20);
      expect(entry(t), type).toMatchObject({ type: 'Limit', values: { price: '99' } });
    }

    for (const junk of ['', 'abc', '-5', '0', '1e3']) t.engine.pickBookPrice(junk);
    await t.advance(20);
    expect(entry(t).values.price).toBe('99');
  });

  it('B2.order-entry.percent-buttons: buy fills the amount from the quote balance, sell the quantity from the base balance', async () => {
    const t = await ready();
    t.engine.setOrderType('Market');
    t.engine.applyOrderPercent(25);
    await t.advance(20);
    expect(entry(t).values.amount).toBe('250');
    t.engine.setOrderSide('sell');
    t.engine.applyOrderPercent(50);
    await t.advance(20);
    expect(entry(t).values.quantity).toBe('1');
  });

  it('B4.order-entry.switch-resets: switching type or side clears price, quantity, amount and the stop fields', async () => {
    const t = await ready();
    t.engine.setOrderType('TrailingStop');
    t.engine.editOrderField('amount', '10');
    t.engine.editOrderField('stopAmount', '5');
    t.engine.setOrderSide('sell');
    await t.advance(20);
    expect(entry(t).values).toEqual({ price: '', quantity: '', amount: '', stopAmount: '', stopPercent: '' });
    t.engine.editOrderField('quantity', '1');
    t.engine.setOrderType('Stop');
    await t.advance(20);
    expect(entry(t).values.quantity).toBe('');
  });

  it('B4.order-entry.trailing-unit-clears: changing the trail unit clears the trail fields', async () => {
    const t = await ready();
    t.engine.setOrderType('TrailingStop');
    t.engine.editOrderField('stopAmount', '5');
    t.engine.setTrailUnit('percent');
    await t.advance(20);
    expect(entry(t).trailUnit).toBe('percent');
    expect(entry(t).values.stopAmount).toBe('');
    expect(entry(t).values.stopPercent).toBe('');
  });

  it('B2.trailing-form.initial-stop-rule: Initial Stop Price follows the live book; Est. Buy from the amount (B2.trailing-form.displays)', async () => {
    const t = await ready();
    t.engine.setOrderType('TrailingStop');
    t.engine.editOrderField('amount', '102.204');
    t.engine.editOrderField('stopAmount', '1');
    await t.advance(20);
    // buy: best ask 101 + 1 = 102; 102.204 / (102 × 1.002) = 1
    expect(entry(t)).toMatchObject({ initialStopPrice: '102', trailEstimate: '1' });
    t.hub.emit(hubEvents.orderBook, book([['99', '1']], [['105', '1']]));
    await t.advance(20);
    expect(entry(t).initialStopPrice).toBe('106');
    expect(
      trailingStopFigures({
        side: 'sell',
        unit: 'percent',
        trail: '10',
        size: '2',
        fee: '0.002',
        bestBid: '100',
        bestAsk: '101',
        priceDecimals: 2,
      }),
    ).toEqual({
      initialStopPrice: '90',
      estimate: '179.64',
    });
  });

  it('B4.order-entry.quote-requote: typing a market amount asks for a quote 300 ms later', async () => {
    const t = await ready();
    const bodies: unknown[] = [];
    t.http.route('POST /v1/orders/request-for-quote', (req) => (bodies.push(req.body), { body: { quote_id: 'q1', quantity: '0.5' } }));
    t.engine.setOrderType('Market');
    t.engine.editOrderField('amount', '50');
    await t.advance(299);
    expect(bodies).toHaveLength(0);
    await t.advance(1);
    expect(bodies).toEqual([{ pair: 'btcusd', side: 'buy', amount: '50' }]);
  });

  it('B5.order-entry.market-drops-unused: a market buy sends the amount and its quote id, no quantity', async () => {
    const t = await ready();
    const orders: Record<string, unknown>[] = [];
    t.http.route('POST /v1/orders/request-for-quote', { body: { quote_id: 'q7', quantity: '0.5' } });
    t.http.route('POST /v1/orders/buy', (req) => {
      orders.push(req.body as Record<string, unknown>);
      return { body: placed(req.body as Record<string, unknown>, { type: 'Market', status: 'done' }) };
    });
    t.engine.setOrderType('Market');
    t.engine.editOrderField('amount', '50');
    await t.advance(300);
    const id = entry(t).clientOrderId;
    const r = await t.engine.submitOrder({});
    expect(r).toMatchObject({ ok: true, message: 'Order submitted successfully.' });
    expect(orders).toEqual([{ currency_pair: 'btcusd', algorithm_id: 100, client_order_id: id, amount: '50', quote_id: 'q7' }]);
  });

  it('B3.order-form.currency-pair, B3.order-form.default-type-limit, B3.order-form.expires-epoch-ms: a GTD order on eth/btc goes out as ethbtc, Limit, expires in epoch ms', async () => {
    const t = await ready();
    const sent: Record<string, unknown>[] = [];
    t.http.route('POST /v1/orders/buy', (req) => {
      sent.push(req.body as Record<string, unknown>);
      return { body: placed(req.body as Record<string, unknown>, { pair: 'ethbtc' }) };
    });
    t.engine.selectPair('eth', 'btc');
    await t.advance(600);
    t.engine.editOrderField('price', '0.05');
    t.engine.editOrderField('quantity', '1');
    const expires = t.timers.now() + 3_600_000;
    expect(await t.engine.submitOrder({ timeInForce: 'GTD', expires })).toMatchObject({ ok: true });
    expect(sent).toEqual([expect.objectContaining({ currency_pair: 'ethbtc', algorithm_id: 201, time_in_force: 'GTD', expires })]);
  });

  it("B3.currency-pair.fee-fraction: the pair list's fee 0.002 is a fraction: a limit buy's total is 0.2 % over price × quantity", async () => {
    const t = await ready();
    expect(t.engine.getSnapshot().selected.fee).toBe('0.002');
    t.engine.editOrderField('price', '100');
    t.engine.editOrderField('quantity', '3');
    await t.advance(20);
    expect(entry(t).values.amount).toBe('300.6');
  });

  it('B5.order-entry.empty-fields-dropped: only the fields the type uses, none empty', () => {
    const draft: OrderDraft = {
      side: 'sell',
      type: 'Stop',
      trailUnit: 'amount',
      values: { price: '95', quantity: '0.5', amount: '123', stopAmount: '', stopPercent: '' },
      options: { timeInForce: 'GTC', maxSlippagePercent: '' },
      clientOrderId: '123456',
      pair: { symbol: 'btcusd', base: 'BTC', quote: 'USD', fee: '0', priceDecimals: 2 },
    };
    expect(buildOrderPayload(draft, null)).toEqual({
      currency_pair: 'btcusd',
      algorithm_id: 304,
      client_order_id: '123456',
      price: '95',
      quantity: '0.5',
      time_in_force: 'GTC',
    });
    expect(buildOrderPayload({ ...draft, type: 'IOC', options: { timeInForce: 'GTC' } }, null)).toEqual({
      currency_pair: 'btcusd',
      algorithm_id: 309,
      client_order_id: '123456',
      price: '95',
      quantity: '0.5',
    });
    expect(buildOrderPayload({ ...draft, options: { maxSlippagePercent: '1.5' } }, null)).toMatchObject({ max_slippage: '0.015' });
  });

  it('B5.order-entry.submit-needs-dirty-valid: an incomplete draft is not sent ("Please fill in the required fields.")', async () => {
    const t = await ready();
    t.engine.editOrderField('price', '');
    const r = await t.engine.submitOrder({});
    expect(r).toMatchObject({
      ok: false,
      code: 'INVALID',
      message: 'Please fill in the required fields.',
      fieldErrors: { price: 'Price is required.', quantity: 'Quantity is required.' },
    });
    expect(t.http.count('POST /v1/orders/buy')).toBe(0);
  });

  it('B5.order-entry.gtd-requires-expires: GTD needs an expiry in the future', async () => {
    const t = await ready();
    t.engine.editOrderField('quantity', '1');
    expect(await t.engine.submitOrder({ timeInForce: 'GTD' })).toMatchObject({
      ok: false,
      fieldErrors: { expires: 'Choose when a GTD order expires.' },
    });
    const past = t.timers.now() - 1000;
    expect(await t.engine.submitOrder({ timeInForce: 'GTD', expires: past })).toMatchObject({
      ok: false,
      fieldErrors: { expires: 'The expiry must be in the future.' },
    });
  });

  it('B5.order-entry.balance-must-cover: a buy beyond the quote balance is refused before sending', async () => {
    const t = await ready();
    t.engine.editOrderField('quantity', '10'); // 100 × 10 × 1.002 > 1000 USD
    expect(await t.engine.submitOrder({})).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_BALANCE',
      message: "You don't have enough balance to place this order.",
    });
    t.engine.setOrderSide('sell');
    t.engine.setOrderType('Market');
    t.engine.editOrderField('quantity', '2.5');
    expect(await t.engine.submitOrder({})).toMatchObject({ ok: false, code: 'INSUFFICIENT_BALANCE' });
    expect(t.http.count('POST /v1/orders/buy') + t.http.count('POST /v1/orders/sell')).toBe(0);
  });

  it('B4.order-entry.success-clears: a placed order clears price, quantity and amount and makes a new client_order_id', async () => {
    const t = await ready();
    t.http.route('POST /v1/orders/buy', (req) => ({ body: placed(req.body as Record<string, unknown>) }));
    t.engine.editOrderField('quantity', '1');
    const before = entry(t).clientOrderId;
    expect(before).toMatch(/^\d{6,7}$/);
    const r = await t.engine.submitOrder({ timeInForce: 'GTC', destination: 'Ox' });
    expect(r.ok).toBe(true);
    await t.advance(20);
    expect(entry(t).clientOrderId).not.toBe(before);
    expect(entry(t).values.quantity).toBe('');
    expect(entry(t).values.amount).toBe('');
    expect(entry(t).submitting).toBe(false);
  });

  it('B4.order-entry.exactly-once: a lost answer is asked again with the same client_order_id; the button state says submitting meanwhile', async () => {
    const t = await ready();
    const ids: unknown[] = [];
    t.http.route('POST /v1/orders/buy', (req) => {
      const body = req.body as Record<string, unknown>;
      ids.push(body.client_order_id);
      if (ids.length === 1) throw new TypeError('Failed to fetch');
      if (ids.length === 2) return { status: 504, body: { title: 'Gateway Timeout', status: 504 } };
      return { body: placed(body) };
    });
    t.engine.editOrderField('quantity', '1');
    const pending = t.engine.submitOrder({});
    await t.advance(20);
    expect(entry(t).submitting).toBe(true);
    expect(await t.engine.submitOrder({})).toMatchObject({ ok: false, code: 'BUSY' });
    await t.advance(1000);
    await t.advance(2000);
    const r = await pending;
    expect(r.ok).toBe(true);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('B8.toast.order-failed: a refusal is final, with the server words when it names a field', async () => {
    const t = await ready();
    t.http.route('POST /v1/orders/buy', {
      status: 400,
      body: { title: 'Validation failed', status: 400, code: 'validation_failed', errors: { price: ['Price must be a multiple of 0.5.'] } },
    });
    t.engine.editOrderField('quantity', '1');
    const r = await t.engine.submitOrder({});
    expect(r).toEqual({
      ok: false,
      code: 'PLACE_FAILED',
      message: 'Placing order failed. Please try again.',
      detail: 'Price must be a multiple of 0.5.',
      fieldErrors: { price: 'Price must be a multiple of 0.5.' },
    });
    expect(t.http.count('POST /v1/orders/buy')).toBe(1);
  });

  it('B8.toast.insufficient-balance: the server refusing for balance reads the spec text', async () => {
    const t = await ready();
    t.http.route('POST /v1/orders/buy', {
      status: 422,
      body: {
        title: 'Unprocessable',
        status: 422,
        code: 'insufficient_balance',
        detail: "You don't have enough balance to place this order.",
        errors: { amount: ['x'] },
      },
    });
    t.engine.editOrderField('quantity', '1');
    expect(await t.engine.submitOrder({})).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_BALANCE',
      message: "You don't have enough balance to place this order.",
    });
  });

  it('B4.order-entry.quote-invalid-clears: a non-numeric market amount clears the estimate and the quote id', async () => {
    const t = await ready();
    t.http.route('POST /v1/orders/request-for-quote', { body: { quote_id: 'q1', quantity: '0.5' } });
    t.engine.setOrderType('Market');
    t.engine.editOrderField('amount', '50');
    await t.advance(300);
    expect(t.engine.getSnapshot().quote.quoteId).toBe('q1');
    t.engine.editOrderField('amount', '5x');
    expect(t.engine.getSnapshot().quote).toMatchObject({ status: 'idle', quoteId: null, quantity: null });
  });

  it('B4.order-entry.switch-resets: a pair change starts the draft over', async () => {
    const t = await ready();
    t.engine.editOrderField('quantity', '1');
    t.engine.selectPair('ETH', 'USD');
    await t.advance(20);
    expect(entry(t).values).toMatchObject({ price: '', quantity: '', amount: '' });
  });
});
