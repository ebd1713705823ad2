import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { chartDefaults } from '../../../../shared/constants';
import { tradingTexts } from '../../../../shared/messages';
import type { CandleInterval, ChartCandle, ChartView, LiveCandleView } from '../../../../worker/public';
import { formatAmount, formatPrice, priceDecimals } from '../format/decimal-text';
import { systemTimers, type Timers } from '../../../time/timers';
import type { CandlePlot } from './candle-plot';
import { crosshairAfterKey } from './crosshair-keys';
import { redrawThrottle } from './redraw-throttle';
import { historyColumns, withLastCandle } from './chart-data';
import type { ChartPair } from './chart-symbol';

/** At most four redraws a second (see redraw-throttle.ts); the live last candle reaches the page at that pace too (CHART_LAST_INTERVAL_MS, engine-client/view-cadence.ts). */
const REDRAW_MS = 250;

/** Daily first (the spec's default), then weekly; the intraday ones for a live market. */
export const CHART_INTERVALS: readonly { id: CandleInterval; label: string; name: string }[] = [
  { id: '1d', label: '1D', name: 'Daily' },
  { id: '1w', label: '1W', name: 'Weekly' },
  { id: '1h', label: '1h', name: '1 hour' },
  { id: '15m', label: '15m', name: '15 minutes' },
  { id: '1m', label: '1m', name: '1 minute' },
];

interface PriceChartProps {
  readonly pair: ChartPair;
  readonly chart: ChartView;
  readonly last: LiveCandleView | null;
  readonly interval: CandleInterval;
  readonly onInterval: (interval: CandleInterval) => void;
  readonly timers?: Timers;
}

const EMPTY: [number[], number[], number[], number[], number[], number[]] = [[], [], [], [], [], []];

const pad = (n: number) => String(n).padStart(2, '0');
function candleDate(ms: number, interval: CandleInterval): string {
  const d = new Date(ms);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return interval === '1d' || interval === '1w' ? day : `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What a screen reader says when the keyboard moves the crosshair onto a candle. */
function spokenCandle(candle: ChartCandle, interval: CandleInterval, decimals: number): string {
  return (
    `${candleDate(candle.time, interval)}: open ${formatPrice(candle.open, decimals)}, high ${formatPrice(candle.high, decimals)}, ` +
    `low ${formatPrice(candle.low, decimals)}, close ${formatPrice(candle.close, decimals)}, volume ${formatAmount(candle.volume)}`
  );
}

function Readout({ candle, interval, decimals }: { candle: ChartCandle | undefined; interval: CandleInterval; decimals: number }) {
  if (!candle) return <p className="ex-chart-readout muted">—</p>;
  const item = (label: string, value: string) => (
    <div className="ex-chart-stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="ex-chart-readout" data-testid="chart-readout">
      {item('Time', candleDate(candle.time, interval))}
      {item('O', formatPrice(candle.open, decimals))}
      {item('H', formatPrice(candle.high, decimals))}
      {item('L', formatPrice(candle.low, decimals))}
      {item('C', formatPrice(candle.close, decimals))}
      {item('V', formatAmount(candle.volume))}
    </dl>
  );
}

/**
 * Spec B §2 price chart card: candles and volume of our own venue (GET /v1/market/candles),
 * dark, 500 px high, daily by default with weekly and the intraday intervals; the crosshair
 * reads out open, high, low, close and volume; the width follows the card. The plot is made
 * once; history and live last candle reach it through setData.
 */
export default function PriceChart({ pair, chart, last, interval, onInterval, timers = systemTimers }: PriceChartProps) {
  const titleId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<CandlePlot | null>(null);
  const hintId = useId();
  const [hover, setHover] = useState<number | null>(null);
  /** The readout of the candle the keyboard last moved to, for the live region. */
  const [spoken, setSpoken] = useState('');

  const history = useMemo(() => historyColumns(chart), [chart]);
  const columns = useMemo(() => withLastCandle(history, chart, last), [history, chart, last]);
  const shown = chart.symbol === pair.pairSymbol && chart.interval === interval;
  const decimals = useMemo(() => priceDecimals(columns.candles.slice(-1).map((c) => c.close)), [columns]);

  const data = shown ? columns.data : null;
  const dataRef = useRef(data);
  dataRef.current = data;
  const [throttle] = useState(() => redrawThrottle(timers, REDRAW_MS, () => plotRef.current?.setData(dataRef.current ?? EMPTY)));

  // The plot (and uPlot with it) loads on its own: it needs a canvas and a layout, which a
  // page without them (a DOM emulation) does not have.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || typeof ResizeObserver !== 'function' || typeof window.matchMedia !== 'function') return;
    let disposed = false;
    let resize: ResizeObserver | null = null;
    void import('./candle-plot')
      .then(({ createCandlePlot }) => {
        if (disposed) return;
        const plot = createCandlePlot(host, host.clientWidth, setHover);
        plotRef.current = plot;
        plot.setData(dataRef.current ?? EMPTY);
        resize = new ResizeObserver(() => plot.setWidth(host.clientWidth));
        resize.observe(host);
      })
      .catch((e: unknown) => console.error('The price chart could not be drawn', e));
    return () => {
      disposed = true;
      throttle.dispose();
      resize?.disconnect();
      plotRef.current?.destroy();
      plotRef.current = null;
    };
  }, [throttle]);

  useEffect(() => throttle.request(), [data, throttle]);

  const candle = shown ? (hover !== null ? columns.candles[hover] : columns.candles.at(-1)) : undefined;

  // The crosshair from the keyboard moves uPlot's own cursor, so mouse and keys share one
  // crosshair and one readout (its setCursor hook reports the index back through setHover).
  const onPlotKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const count = shown ? columns.candles.length : 0;
    const next = crosshairAfterKey(e.key, hover, count);
    if (next === undefined) return;
    e.preventDefault();
    setHover(next);
    plotRef.current?.showCursor(next);
    const target = next === null ? undefined : columns.candles[next];
    setSpoken(target ? spokenCandle(target, interval, decimals) : 'Crosshair off.');
  };
  const status =
    !shown || chart.status === 'loading'
      ? tradingTexts.loading
      : chart.status === 'error'
        ? 'Could not load the chart.'
        : columns.candles.length === 0
          ? 'No trades yet.'
          : null;

  return (
    <section className="card ex-card ex-chart" aria-labelledby={titleId}>
      <header className="ex-card-header">
        <h2 id={titleId} className="card-title">
          {tradingTexts.chartTitle} <span className="ex-title-pair">{pair.symbol}</span>
        </h2>
        <div className="ex-chart-intervals" role="group" aria-label="Chart interval">
          {CHART_INTERVALS.map((i) => (
            <button
              key={i.id}
              type="button"
              className="ex-chip"
              aria-pressed={interval === i.id}
              title={i.name}
              onClick={() => onInterval(i.id)}
            >
              {i.label}
            </button>
          ))}
        </div>
      </header>
      <Readout candle={candle} interval={interval} decimals={decimals} />
      <div className="ex-chart-plot" style={{ height: chartDefaults.heightPx }}>
        <div
          ref={hostRef}
          className="ex-chart-canvas"
          role="application"
          tabIndex={0}
          aria-label={`${pair.symbol} ${CHART_INTERVALS.find((i) => i.id === interval)?.name ?? ''} candles`}
          aria-describedby={hintId}
          onKeyDown={onPlotKey}
        />
        <p id={hintId} className="ex-sr-only">
          Arrow keys move the crosshair one candle, Page Up and Page Down by a tenth, Home and End to the first and last candle, Escape
          takes it away.
        </p>
        <p className="ex-sr-only" aria-live="polite" data-testid="chart-crosshair-announcement">
          {spoken}
        </p>
        {status ? (
          <p className="ex-chart-status muted" role="status">
            {status}
          </p>
        ) : null}
      </div>
    </section>
  );
}
