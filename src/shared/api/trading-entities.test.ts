import { describe, expect, it } from 'vitest';
import { tickerSchema, recentTradeSchema } from '../hub/messages';
import { balanceSchema, currencyPairSchema, currencySchema, transactionActions, transactionSchema } from './account';
import { eddPromptSchema, eddRequestSchema, eddResponseItemSchema, eddResponseTypes } from './edd';
import { newClientOrderId, orderFormSchema, quoteResponseSchema, tradeSchema } from './orders';

// Spec B §3: the trading area's entities as the app reads them off the wire.

describe('trading entities (spec B §3)', () => {
  it('B3.balance.fields: a balance is read with its currency and available amount', () => {
    expect(balanceSchema.parse({ currency: 'btc', available: '0.5' })).toMatchObject({ currency: 'btc', available: '0.5' });
    expect(balanceSchema.safeParse({ available: '0.5' }).success).toBe(false);
  });

  it('B3.currency.fields: symbol, name and ascii_sign as sent; is_fiat and trading_enabled 1 mean yes', () => {
    const usd = currencySchema.parse({ symbol: 'usd', name: 'US Dollar', is_fiat: 1, ascii_sign: '$', trading_enabled: 1 });
    expect(usd).toEqual({ symbol: 'usd', name: 'US Dollar', is_fiat: true, ascii_sign: '$', trading_enabled: true });
    expect(currencySchema.parse({ symbol: 'btc', name: 'Bitcoin', is_fiat: 0, trading_enabled: 0 })).toMatchObject({
      is_fiat: false,
      trading_enabled: false,
    });
  });

  it('B3.currency-pair.fee-fraction: symbol, base, quote and formatted_symbol; the fee stays the fraction sent', () => {
    const pair = { symbol: 'btcusd', base: 'BTC', quote: 'USD', formatted_symbol: 'BTC/USD', fee: '0.002' };
    expect(currencyPairSchema.parse(pair)).toEqual(pair);
    const { formatted_symbol: _dropped, ...withoutFormatted } = pair;
    expect(currencyPairSchema.safeParse(withoutFormatted).success).toBe(false);
  });

  it('B3.edd.prompt-fields: id, prompt, response_type of three kinds, response_options, is_required and optional_free_form', () => {
    expect(eddResponseTypes).toEqual(['Single-Select', 'Free-Form', 'File-Upload']);
    const prompt = {
      id: 7,
      prompt: 'Source of funds',
      response_type: 'Single-Select',
      response_options: ['Savings', 'Salary'],
      is_required: true,
      optional_free_form: 'Describe the funds',
    };
    expect(eddPromptSchema.parse(prompt)).toEqual({ ...prompt, id: '7' });
    expect(eddPromptSchema.safeParse({ ...prompt, response_type: 'Essay' }).success).toBe(false);
  });

  it('B3.edd.request-fields: required_form, status and date_added', () => {
    const request = { required_form: 'individual-v1', status: 'Submitted', date_added: '2026-11-20T10:00:00.000Z' };
    expect(eddRequestSchema.parse(request)).toEqual(request);
    expect(eddRequestSchema.safeParse({ required_form: 'individual-v1', status: 'Submitted' }).success).toBe(false);
  });

  it('B3.edd.response-fields: id, response (the text, choice or file name), optional_free_form and the prompt type', () => {
    const item = { id: 'passport', response: 'id.png', optional_free_form: 'issued 2020', prompt_type: 'Identification' };
    expect(eddResponseItemSchema.parse(item)).toEqual(item);
    expect(eddResponseItemSchema.safeParse({ ...item, response: '' }).success).toBe(false);
  });

  it('B3.live-trade.fields: timestamp (seconds), pair, price, quantity and a buy or sell side', () => {
    const trade = { timestamp: 1_700_000_000, pair: 'btcusd', price: '60000.5', quantity: '0.1', side: 'sell' };
    expect(recentTradeSchema.parse(trade)).toEqual(trade);
    expect(recentTradeSchema.safeParse({ ...trade, side: 'hold' }).success).toBe(false);
  });

  it('B3.quote.fields: a quote answer has quote_id, quantity and amount', () => {
    expect(quoteResponseSchema.parse({ quote_id: 'q7', quantity: '0.5', amount: '30000' })).toEqual({
      quote_id: 'q7',
      quantity: '0.5',
      amount: '30000',
    });
    expect(quoteResponseSchema.safeParse({ quantity: '0.5' }).success).toBe(false);
  });

  it('B3.ticker.fields: pair, last, open, high, low, volume and vwap', () => {
    const ticker = { pair: 'btcusd', last: '60000', open: '59000', high: '61000', low: '58000', volume: '12.5', vwap: '59800' };
    expect(tickerSchema.parse(ticker)).toEqual(ticker);
  });

  it('B3.trade.fields: cursor, trade_id, order_id, date_updated, action, currency_pair, quantity, amount, price, fees and net_amount, all strings', () => {
    const trade = tradeSchema.parse({
      cursor: 12,
      trade_id: 34,
      order_id: 56,
      date_updated: '2026-01-01T00:00:00.000Z',
      action: 'buy',
      currency_pair: 'btcusd',
      quantity: 0.4,
      amount: '12000',
      price: 30000,
      fees: '24',
      net_amount: '12024',
    });
    expect(Object.keys(trade).sort()).toEqual(
      [
        'action',
        'amount',
        'currency_pair',
        'cursor',
        'date_updated',
        'fees',
        'net_amount',
        'order_id',
        'price',
        'quantity',
        'trade_id',
      ].sort(),
    );
    for (const value of Object.values(trade)) expect(typeof value).toBe('string');
  });

  it('B3.transaction.fields: id, day, action of six kinds, currency, amount, nullable price and symbol, and status', () => {
    expect(transactionActions).toEqual(['Buy', 'Sell', 'Deposit', 'Withdraw', 'Credit', 'Charge']);
    const row = { id: 9, day: '2025-01-02', action: 'Deposit', currency: 'usd', amount: '5', price: null, symbol: null, status: 'pending' };
    expect(transactionSchema.parse(row)).toEqual({ ...row, id: '9' });
  });
});

describe('the order form (spec B §3)', () => {
  it('B3.order-form.client-order-id: a random integer from 100000 to 1000000, as text', () => {
    expect(newClientOrderId(() => 0)).toBe('100000');
    expect(newClientOrderId(() => 0.5)).toBe('550000');
    expect(newClientOrderId(() => 0.999_999_999)).toBe('1000000');
    for (let i = 0; i < 100; i++) {
      const id = Number(newClientOrderId());
      expect(Number.isInteger(id) && id >= 100_000 && id <= 1_000_000).toBe(true);
    }
  });

  it('B3.order-form.fields, B3.order-form.default-type-limit: every field of the form is taken; the type is Limit (201) unless given', () => {
    const form = {
      currency_pair: 'btcusd',
      algorithm_id: 308,
      price: '100',
      quantity: '1',
      amount: '100',
      client_order_id: '123456',
      time_in_force: 'GTD',
      destination: 'Ox',
      routing_option: 'best',
      max_slippage: '0.01',
      stop_amount: '5',
      stop_percent: '1.5',
      expires: 1_800_000_000_000,
      quote_id: 'q7',
      stop_any_id: 's1',
      stop_any_price: '90',
      stop_any_trail_amount: '2',
      stop_any_trail_percent: '1',
      total_time: 60_000,
      interval: 1000,
      continuous: true,
      post_only: false,
    };
    expect(orderFormSchema.parse(form)).toEqual(form);
    expect(orderFormSchema.parse({ currency_pair: 'btcusd' }).algorithm_id).toBe(201);
    expect(orderFormSchema.safeParse({ ...form, leverage: 10 }).success).toBe(false);
  });
});
