import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CandleInterval } from '../../../worker/public';
import { useChart } from '../../hooks/useChart';
import { useChartLast } from '../../hooks/useChartLast';
import { useDoneOrders } from '../../hooks/useDoneOrders';
import { useOpenOrders } from '../../hooks/useOpenOrders';
import { useTrades } from '../../hooks/useTrades';
import { useConnection } from '../../hooks/useConnection';
import { useEngine } from '../../hooks/useEngine';
import { useEngineErrors } from '../../hooks/useEngineErrors';
import { useBookMid } from '../../hooks/useBookMid';
import { useDataStale } from '../../hooks/useDataStale';
import { useEngineSelector } from '../../hooks/useEngineSelector';
import { useOrderBook } from '../../hooks/useOrderBook';
import { usePairCodes } from '../../hooks/usePairCodes';
import { useRecentTrades } from '../../hooks/useRecentTrades';
import { useSelectedPair } from '../../hooks/useSelectedPair';
import { useTickers } from '../../hooks/useTickers';
import { useExchangeTitle } from '../../title/useExchangeTitle';
import ConnectionStatus from './ConnectionStatus';
import EngineErrors from './EngineErrors';
import OrderBook from './OrderBook';
import OrderEntryCard from './order-entry/OrderEntryCard';
import PairSelector from './PairSelector';
import PairSummary from './PairSummary';
import TimeAndSales from './TimeAndSales';
import { resolveChartPair, type ChartPairProps } from './chart/chart-symbol';
import PriceChart from './chart/PriceChart';
import OrdersPanel from './orders/OrdersPanel';
import { usePairFromOtherTabs } from './usePairFromOtherTabs';
import './exchange.css';

// Each live section subscribes to the parts it shows, so an order book frame re-renders the
// book (and the header's mid when it moved) and a ticker re-renders only the header figures.

function LiveConnection() {
  const { api } = useEngine();
  const connection = useConnection();
  const retry = useCallback(() => void api.retry(), [api]);
  return <ConnectionStatus connection={connection} onRetry={retry} />;
}

function LivePairSummary() {
  const { mid, tick } = useBookMid();
  const row = useEngineSelector((s) => s.selected.row);
  const { base } = usePairCodes();
  return <PairSummary row={row} mid={mid} tick={tick} base={base} />;
}

// Created once: the selector re-renders on every ticker (its dropdown lists them all), and
// these keep their own subscriptions instead of re-rendering with it.
const pairSummary = <LivePairSummary />;
const connectionStatus = <LiveConnection />;

function LivePairSelector() {
  const { api } = useEngine();
  const pairs = useTickers();
  const selected = useSelectedPair();
  return <PairSelector pairs={pairs} selected={selected} actions={api} summary={pairSummary} aside={connectionStatus} />;
}

function LiveErrors() {
  const { api } = useEngine();
  const errors = useEngineErrors();
  const dismiss = useCallback((id: number) => void api.dismissError(id), [api]);
  return <EngineErrors errors={errors} onDismiss={dismiss} />;
}

function LiveOrderBook() {
  const book = useOrderBook();
  const { base, quote } = usePairCodes();
  const { api } = useEngine();
  const pickPrice = useCallback((price: string) => void api.pickBookPrice(price), [api]);
  return <OrderBook book={book} base={base} quote={quote} onPickPrice={pickPrice} />;
}

function LiveTimeAndSales() {
  const trades = useRecentTrades();
  const { base, quote } = usePairCodes();
  const stale = useDataStale();
  return <TimeAndSales trades={trades} base={base} quote={quote} stale={stale} />;
}

const NO_QUOTES: readonly string[] = [];

/** Spec B §2 price chart card over the engine's candles; the pair props follow the spec's contract. */
export function LivePriceChart(props: ChartPairProps) {
  const { api } = useEngine();
  const selected = usePairCodes();
  const quotes = useEngineSelector((s) => s.pairs.quotes) ?? NO_QUOTES;
  const { base, quote, exchange, pair: pairText } = props;
  const pair = useMemo(
    () => resolveChartPair({ base, quote, exchange, pair: pairText }, selected, quotes),
    [base, quote, exchange, pairText, selected, quotes],
  );
  const [interval, setChartInterval] = useState<CandleInterval>('1d');
  useEffect(() => void api.showChart(pair.pairSymbol, interval), [api, pair.pairSymbol, interval]);
  const chart = useChart();
  const last = useChartLast();
  return <PriceChart pair={pair} chart={chart} last={last} interval={interval} onInterval={setChartInterval} />;
}

function LiveOrdersPanel() {
  const { api } = useEngine();
  const openOrders = useOpenOrders();
  const doneOrders = useDoneOrders();
  const trades = useTrades();
  const quotes = useEngineSelector((s) => s.pairs.quotes) ?? NO_QUOTES;
  const cancel = useCallback((id: string) => api.cancelOrder(id), [api]);
  return <OrdersPanel openOrders={openOrders} doneOrders={doneOrders} trades={trades} quotes={quotes} onCancel={cancel} />;
}

/**
 * Spec B §2 exchange (main) screen as a trading desk: the pair header; the book, the chart with
 * the orders panel under it, and order entry with time and sales under it, side by side; two
 * columns on narrower screens and one stacked column on phones (≤ 992 px). The DOM follows the
 * reading order, so Tab walks the cards as they appear.
 */
export default function ExchangePage() {
  const { store, api } = useEngine();
  usePairFromOtherTabs(api.selectPair, () => store.getSnapshot().selected);
  useExchangeTitle(store);
  return (
    <div className="ex-page">
      <h1 className="ex-sr-only">Exchange</h1>
      <div className="ex-area-pair">
        <LivePairSelector />
      </div>
      <div className="ex-area-errors">
        <LiveErrors />
      </div>
      <div className="ex-area-book">
        <LiveOrderBook />
      </div>
      <div className="ex-area-chart">
        <LivePriceChart />
      </div>
      <div className="ex-area-entry">
        <OrderEntryCard />
      </div>
      <div className="ex-area-orders">
        <LiveOrdersPanel />
      </div>
      <div className="ex-area-trades">
        <LiveTimeAndSales />
      </div>
    </div>
  );
}
