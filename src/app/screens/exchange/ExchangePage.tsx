import { useCallback } from 'react';
import { tradingTexts } from '../../../shared/messages';
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
import ComingCard from './ComingCard';
import ConnectionStatus from './ConnectionStatus';
import EngineErrors from './EngineErrors';
import OrderBook from './OrderBook';
import PairSelector from './PairSelector';
import PairSummary from './PairSummary';
import TimeAndSales from './TimeAndSales';
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
  return <OrderBook book={book} base={base} quote={quote} />;
}

function LiveTimeAndSales() {
  const trades = useRecentTrades();
  const { base, quote } = usePairCodes();
  const stale = useDataStale();
  return <TimeAndSales trades={trades} base={base} quote={quote} stale={stale} />;
}

/** Spec B §2 exchange (main) screen: a grid on desktop, stacked on phones (≤ 992 px). */
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
      <div className="ex-area-trades">
        <LiveTimeAndSales />
      </div>
      <ComingCard className="ex-area-entry" title="Order Entry" section="spec B §2 order entry card" />
      <ComingCard className="ex-area-chart" title={tradingTexts.chartTitle} section="spec B §2 price chart card" />
      <ComingCard className="ex-area-orders" title="Orders — Open Orders, Done Orders, All Trades" section="spec B §2 orders panel tables" />
    </div>
  );
}
