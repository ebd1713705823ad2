import {
  endUserBalanceSchema,
  endUserOrderSchema,
  endUserTradeSchema,
  hubErrorSchema,
  recentTradeSchema,
  tickerSchema,
} from '../../shared/hub/messages';
import { hubEvents } from '../../shared/hub/names';
import type { z } from 'zod';
import type { HubConnectionLike } from '../connection/hub-connection';
import type { ErrorStream } from '../errors/error-stream';
import type { ChartCandles } from '../market/chart-candles';
import type { MarketData } from '../market/market-data';
import type { RecentTrades } from '../market/recent-trades';
import type { PrivateData } from '../private/private-data';
import { messageOf } from '../result';

/** Where the hub's pushes go, once validated. */
export interface HubSinks {
  ingestOrderBook(message: unknown): void;
  readonly recent: RecentTrades;
  readonly chart: ChartCandles;
  readonly market: MarketData;
  readonly privateData: PrivateData;
  readonly errors: ErrorStream;
  /** Counts a malformed payload (or array entry) that was dropped. */
  dropped(): void;
  /** Counts every message the hub delivered, before it is parsed. */
  received(): void;
}

/** Subscribes the engine to every server event of spec B on a new hub connection. */
export function attachHubHandlers(connection: HubConnectionLike, sinks: HubSinks): void {
  const many = <S extends z.ZodType>(schema: S, payload: unknown) => parseMany(schema, payload, sinks.dropped);
  const hub = {
    on(event: string, handler: (message: unknown) => void): void {
      connection.on(event, (message: unknown) => {
        sinks.received();
        handler(message);
      });
    },
  };
  hub.on(hubEvents.orderBook, (m) => sinks.ingestOrderBook(m));
  hub.on(hubEvents.trade, (m) => {
    for (const t of many(recentTradeSchema, m)) {
      sinks.recent.add(t);
      sinks.chart.addTrade(t);
    }
  });
  hub.on(hubEvents.ticker, (m) => {
    for (const t of many(tickerSchema, m)) sinks.market.applyTicker(t);
  });
  hub.on(hubEvents.endUserBalance, (m) => {
    const r = endUserBalanceSchema.safeParse(m);
    if (!r.success) return void sinks.dropped();
    sinks.privateData.applyBalances(Array.isArray(r.data) ? r.data : [r.data]);
  });
  hub.on(hubEvents.endUserOrder, (m) => {
    for (const o of many(endUserOrderSchema, m)) sinks.privateData.applyOrder(o);
  });
  hub.on(hubEvents.endUserTrade, (m) => {
    for (const t of many(endUserTradeSchema, m)) sinks.privateData.applyTrade(t);
  });
  // Spec B names the event but gives the trading area nothing to do with it.
  hub.on(hubEvents.userOnboarding, () => {});
  hub.on(hubEvents.error, (m) => {
    const r = hubErrorSchema.safeParse(m);
    const message = !r.success ? messageOf(m) : typeof r.data === 'string' ? r.data : r.data.message;
    const feeds = r.success && typeof r.data !== 'string' ? r.data.feeds : undefined;
    sinks.errors.push('HUB_ERROR', message, feeds);
  });
}

/** Validates one payload or an array of them; malformed entries are counted and dropped. */
function parseMany<S extends z.ZodType>(schema: S, payload: unknown, dropped: () => void): z.output<S>[] {
  const list = Array.isArray(payload) ? payload : [payload];
  const out: z.output<S>[] = [];
  for (const item of list) {
    const r = schema.safeParse(item);
    if (r.success) out.push(r.data);
    else dropped();
  }
  return out;
}
