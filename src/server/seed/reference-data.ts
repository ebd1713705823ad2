import type { CurrencyPairRow, CurrencyRow } from '../db/schema';

// The currencies and pairs a fresh exchange starts with. Symbols are lower case on the wire
// ('btc', pair 'btcusd', spec B §3: base and quote concatenated, lower case); the display form
// is formatted_symbol ('BTC/USD').

export const seedCurrencies: readonly CurrencyRow[] = [
  { symbol: 'usd', name: 'US Dollar', is_fiat: 1, ascii_sign: '$', trading_enabled: 1, decimals: 2, sort_order: 1 },
  { symbol: 'btc', name: 'Bitcoin', is_fiat: 0, ascii_sign: null, trading_enabled: 1, decimals: 8, sort_order: 2 },
  { symbol: 'eth', name: 'Ethereum', is_fiat: 0, ascii_sign: null, trading_enabled: 1, decimals: 8, sort_order: 3 },
  { symbol: 'sol', name: 'Solana', is_fiat: 0, ascii_sign: null, trading_enabled: 1, decimals: 8, sort_order: 4 },
  { symbol: 'usdt', name: 'Tether', is_fiat: 0, ascii_sign: null, trading_enabled: 1, decimals: 6, sort_order: 5 },
  { symbol: 'usdc', name: 'USD Coin', is_fiat: 0, ascii_sign: null, trading_enabled: 1, decimals: 6, sort_order: 6 },
  { symbol: 'pax', name: 'Paxos Standard', is_fiat: 0, ascii_sign: null, trading_enabled: 1, decimals: 8, sort_order: 7 },
];

const MAKER_FEE = '0.001';
const TAKER_FEE = '0.002';

function pair(base: string, quote: string, tick: string, lot: string, min: string, sortOrder: number): CurrencyPairRow {
  return {
    symbol: `${base}${quote}`,
    base,
    quote,
    formatted_symbol: `${base.toUpperCase()}/${quote.toUpperCase()}`,
    tick_size: tick,
    lot_size: lot,
    min_quantity: min,
    maker_fee: MAKER_FEE,
    taker_fee: TAKER_FEE,
    enabled: 1,
    sort_order: sortOrder,
  };
}

export const seedPairs: readonly CurrencyPairRow[] = [
  pair('btc', 'usd', '0.01', '0.00001', '0.0001', 1),
  pair('eth', 'usd', '0.01', '0.0001', '0.001', 2),
  pair('eth', 'btc', '0.000001', '0.0001', '0.001', 3),
  pair('sol', 'usd', '0.01', '0.001', '0.01', 4),
  pair('btc', 'usdt', '0.01', '0.00001', '0.0001', 5),
  pair('eth', 'usdt', '0.01', '0.0001', '0.001', 6),
];

/** The demo account printed by `npm start`. The password meets every rule of spec A §5. */
export const DEMO_EMAIL = 'demo@ox.exchange';
export const DEMO_PASSWORD = 'DemoTrader@2025';

export const demoBalances: Readonly<Record<string, string>> = {
  usd: '100000',
  btc: '2',
  eth: '20',
  sol: '200',
  usdt: '50000',
};
