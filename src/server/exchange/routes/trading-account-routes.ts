import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  balanceListSchema,
  currencyListSchema,
  currencyPairSchema,
  feeRatesSchema,
  transactionListSchema,
  transactionQuerySchema,
  type BalanceWire,
} from '../../../shared/api/account';
import { tradeListQuerySchema } from '../../../shared/api/orders';
import { tradeListSchema } from '../../../shared/api/orders';
import { paths } from '../../../shared/api/paths';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { exchangeReads } from '../../repositories/exchange-reads';
import { marketsRepository } from '../../repositories/markets';
import { balancesRepository } from '../../repositories/balances';
import type { Exchange } from '../exchange';
import { fillToTradeWire, transactionToWire } from '../trade-wire';
import { registerTransactionsCsvRoute } from './transactions-csv-route';

const TRANSACTION_PAGE = 100;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The trading account's calls of spec A §7 / spec B §7 the exchange answers: balances, trades, transactions, fee rates, currencies. */
export function registerTradingAccountRoutes(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  const { authenticator, database } = ctx;
  const reads = exchangeReads(database.db, database.dialect);
  const markets = marketsRepository(database.db);
  const balances = balancesRepository(database.db);

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.account.trades,
    auth: true,
    query: tradeListQuerySchema,
    response: tradeListSchema,
    async handler({ auth, query }) {
      const rows = await reads.fills(
        auth.user.id,
        query.limit ?? 100,
        query.after === undefined ? undefined : Number(query.after),
        query.pair,
      );
      return rows.map(fillToTradeWire);
    },
  });

  // Every currency the user has a row for, plus every tradable currency at zero.
  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.account.balances,
    auth: true,
    response: balanceListSchema,
    async handler({ auth }) {
      const [rows, currencies] = await Promise.all([balances.listForUser(auth.user.id), markets.listCurrencies()]);
      const out: BalanceWire[] = rows.map((r) => ({ currency: r.currency, balance: r.balance, available: r.available }));
      const have = new Set(rows.map((r) => r.currency));
      for (const c of currencies)
        if (c.trading_enabled === 1 && !have.has(c.symbol)) out.push({ currency: c.symbol, balance: '0', available: '0' });
      const order = new Map(currencies.map((c, i) => [c.symbol, i]));
      return out.sort((a, b) => (order.get(a.currency) ?? 1e9) - (order.get(b.currency) ?? 1e9) || a.currency.localeCompare(b.currency));
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.account.currencies,
    auth: true,
    response: currencyListSchema,
    async handler() {
      const rows = await markets.listCurrencies();
      return rows.map((c) => ({
        symbol: c.symbol,
        name: c.name,
        is_fiat: c.is_fiat,
        ascii_sign: c.ascii_sign,
        trading_enabled: c.trading_enabled,
        decimals: c.decimals,
      }));
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.account.currencyPairs,
    auth: true,
    response: z.array(currencyPairSchema),
    async handler() {
      const rows = await markets.listPairs();
      return rows
        .filter((p) => p.enabled === 1)
        .map((p) => ({
          symbol: p.symbol,
          base: p.base,
          quote: p.quote,
          formatted_symbol: p.formatted_symbol,
          fee: p.taker_fee,
          maker_fee: p.maker_fee,
          tick_size: p.tick_size,
          lot_size: p.lot_size,
          min_quantity: p.min_quantity,
        }));
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.account.feeRates,
    auth: true,
    response: feeRatesSchema,
    async handler({ auth }) {
      return exchange.feeRates(auth.user.id);
    },
  });

  // Newest first. `after` is the id of the last row already seen (next_after of the previous page).
  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.account.transactions,
    auth: true,
    query: transactionQuerySchema,
    response: transactionListSchema,
    async handler({ auth, query }) {
      const limit = query.limit ?? TRANSACTION_PAGE;
      const beforeId = query.after === undefined ? undefined : Number(query.after);
      const rows = await reads.transactions(auth.user.id, {
        from: query.from,
        to: query.to,
        actions: query.types?.map(capitalise),
        pendingOnly: query.pending,
        currency: query.currency?.toLowerCase(),
        beforeId,
        offset: query.offset,
        limit,
      });
      const last = rows[rows.length - 1];
      return { data: rows.map(transactionToWire), next_after: rows.length === limit && last ? String(last.id) : null };
    },
  });

  registerTransactionsCsvRoute(app, ctx);
}
