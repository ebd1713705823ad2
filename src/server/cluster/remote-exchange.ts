import type { BalanceWire } from '../../shared/api/account';
import type { OrderWire } from '../../shared/api/orders';
import { fromUnits, toUnits } from '../../shared/money/units';
import type { AppDatabase } from '../db/database';
import { appError } from '../errors';
import { ExchangeEvents } from '../exchange/events';
import type { Exchange, FeeRatesAnswer, PublishedDepth } from '../exchange/exchange';
import { pairSpecFromRow, type PairSpec } from '../exchange/pair-spec';
import type { QuoteAnswer } from '../exchange/quotes';
import { parseOrderForm } from '../exchange/validate-order';
import { marketsRepository } from '../repositories/markets';
import type { CommandClient } from './command-client';
import type { MirroredMarketData } from './mirrored-market-data';

// The exchange as an edge sees it: every write goes to the core over the command stream and
// its answer (or error, with the core's code) comes back; events arrive from the backplane.
// The reads the routes need without a round trip come from the database (pairs) or from the
// mirrored market data (depth, last price). The books themselves live only in the core, so
// what needs them whole (state hashes, invariants) is refused here.

export interface RemoteExchangeOptions {
  database: AppDatabase;
  commands: CommandClient;
  marketData: MirroredMarketData;
  events?: ExchangeEvents;
}

export function createRemoteExchange(options: RemoteExchangeOptions): Exchange {
  const { commands, marketData } = options;
  const events = options.events ?? new ExchangeEvents();
  let pairs: PairSpec[] = [];

  const onlyInCore = (what: string) => () => {
    throw appError('exchange_unavailable', { detail: `${what} is known to the matching core only, not to an edge.` });
  };

  return {
    events,

    async start() {
      pairs = (await marketsRepository(options.database.db).listPairs()).map(pairSpecFromRow);
      marketData.addPairs(pairs.filter((p) => p.enabled).map((p) => p.symbol));
      await commands.start();
    },
    stop: () => commands.stop(),
    idle: () => commands.idle(),

    placeOrder: (userId, side, form, limits) =>
      commands.call<OrderWire>('placeOrderForm', [userId, side, parseOrderForm(form), ...(limits ? [limits] : [])]),
    placeOrderForm: (userId, side, form, limits) =>
      commands.call<OrderWire>('placeOrderForm', [userId, side, form, ...(limits ? [limits] : [])]),
    cancelOrder: (userId, orderId) => commands.call<OrderWire>('cancelOrder', [userId, orderId]),
    requestQuote: (userId, request) => commands.call<QuoteAnswer>('requestQuote', [userId, request]),
    deposit: (userId, currency, amount, opts) => commands.call<BalanceWire>('deposit', [userId, currency, amount, ...(opts ? [opts] : [])]),
    withdraw: (userId, currency, amount, opts) =>
      commands.call<BalanceWire>('withdraw', [userId, currency, amount, ...(opts ? [opts] : [])]),
    beginDeposit: (userId, currency, amount, ref) => commands.call<number>('beginDeposit', [userId, currency, amount, ref]),
    beginWithdrawal: (userId, currency, amount, fee, ref) => commands.call<number>('beginWithdrawal', [userId, currency, amount, fee, ref]),
    settleTransfer: (ref, outcome) => commands.call<boolean>('settleTransfer', [ref, outcome]),
    // Transfers are moved on by the core's loop; an edge runs none.
    isTransferPending: onlyInCore('Whether a transfer is pending'),
    // Expiries run on the core's timer.
    runTimers: async () => 0,
    pairs: () => pairs,

    depth(pair, levels = 15): PublishedDepth | null {
      if (!pairs.some((p) => p.symbol === pair)) return null;
      const book = marketData.book(pair);
      return {
        pair,
        bids: mergeLevels(book?.bids, book?.market_making?.bids, levels, 'desc'),
        asks: mergeLevels(book?.asks, book?.market_making?.asks, levels, 'asc'),
      };
    },

    lastPrice(pair) {
      const last = marketData.ticker(pair)?.last;
      return last === undefined ? null : String(last);
    },

    stateHash: onlyInCore('The state hash of a book'),
    feeRates: (userId) => commands.call<FeeRatesAnswer>('feeRates', [userId]),
    checkInvariants: onlyInCore('The ledger invariants'),
  };
}

type Level = readonly [unknown, unknown, ...unknown[]];

/** The book's depth as the core has it: the published levels with the market makers' split back in. */
function mergeLevels(
  lit: readonly Level[] | undefined,
  makers: readonly Level[] | undefined,
  levels: number,
  order: 'asc' | 'desc',
): [string, string][] {
  const byPrice = new Map<bigint, bigint>();
  for (const [price, quantity] of [...(lit ?? []), ...(makers ?? [])]) {
    const p = toUnits(String(price));
    byPrice.set(p, (byPrice.get(p) ?? 0n) + toUnits(String(quantity)));
  }
  return [...byPrice]
    .sort(([a], [b]) => (a === b ? 0 : a < b === (order === 'asc') ? -1 : 1))
    .slice(0, levels)
    .map(([price, quantity]) => [fromUnits(price), fromUnits(quantity)]);
}
