import { useCallback } from 'react';
import { tradingTexts } from '../../../shared/messages';
import { useConnection } from '../../hooks/useConnection';
import { useEngine } from '../../hooks/useEngine';
import { useEngineErrors } from '../../hooks/useEngineErrors';
import { useOrderBook } from '../../hooks/useOrderBook';
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

// Each live section subscribes to its own slices, so an order book frame re-renders the book
// (and the mid in the header) and nothing else.

function LiveConnection() {
  const { api } = useEngine();
  const connection = useConnection();
  const retry = useCallback(() => void api.retry(), [api]);
  return <ConnectionStatus connection={connection} onRetry={retry} />;
}

function LivePairSummary() {
  const book = useOrderBook();
  const selected = useSelectedPair();
  return <PairSummary row={selected.row} mid={book.mid} tick={book.tick} base={selected.base} />;
}

function LivePairSelector() {
  const { api } = useEngine();
  const pairs = useTickers();
  const selected = useSelectedPair();
  return <PairSelector pairs={pairs} selected={selected} actions={api} summary={<LivePairSummary />} aside={<LiveConnection />} />;
}

function LiveErrors() {
  const { api } = useEngine();
  const errors = useEngineErrors();
  const dismiss = useCallback((id: number) => void api.dismissError(id), [api]);
  return <EngineErrors errors={errors} onDismiss={dismiss} />;
}

function LiveOrderBook() {
  const book = useOrderBook();
  const selected = useSelectedPair();
  return <OrderBook book={book} base={selected.base} quote={selected.quote} />;
}

function LiveTimeAndSales() {
  const trades = useRecentTrades();
  const selected = useSelectedPair();
  const { stale } = useConnection();
  return <TimeAndSales trades={trades} base={selected.base} quote={selected.quote} stale={stale} />;
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
