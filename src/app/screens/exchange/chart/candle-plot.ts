import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartDefaults } from '../../../../shared/constants';

// The uPlot chart behind the Price Chart card: candles and volume bars drawn on the canvas in a
// draw hook (uPlot has lines and bars, not candles), a crosshair whose index the card reads
// out, dark colours from the design tokens. Created once per card; new candles go in through
// setData and a new width through setSize, so live updates never rebuild the plot.

/** Spec B §2 and §9: the chart is 500 px high. */
export const CHART_HEIGHT = chartDefaults.heightPx;

const colours = {
  up: '#16c784',
  down: '#f4646d',
  upVolume: 'rgba(22, 199, 132, 0.35)',
  downVolume: 'rgba(234, 57, 67, 0.35)',
  axis: '#aab2c5',
  grid: 'rgba(139, 147, 167, 0.14)',
  cursor: 'rgba(230, 233, 239, 0.45)',
};

/** Volume bars use the bottom fifth of the plot. */
const VOLUME_SHARE = 0.2;

function drawCandles(u: uPlot): void {
  const [time, open, high, low, close, volume] = u.data as unknown as number[][];
  if (!time || time.length === 0) return;
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const first = u.series[0]?.idxs?.[0] ?? 0;
  const last = u.series[0]?.idxs?.[1] ?? time.length - 1;
  const count = Math.max(1, last - first + 1);
  const column = width / count;
  const body = Math.max(1, Math.min(column * 0.7, 16 * uPlot.pxRatio));
  const bottom = top + height;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  for (let i = first; i <= last; i++) {
    const o = open![i]!;
    const c = close![i]!;
    const x = Math.round(u.valToPos(time[i]!, 'x', true));
    const rising = c >= o;
    // Volume first, so candles draw over it.
    const yv = u.valToPos(volume![i]!, 'vol', true);
    ctx.fillStyle = rising ? colours.upVolume : colours.downVolume;
    ctx.fillRect(Math.round(x - body / 2), yv, Math.round(body), bottom - yv);

    const yo = u.valToPos(o, 'price', true);
    const yc = u.valToPos(c, 'price', true);
    const yh = u.valToPos(high![i]!, 'price', true);
    const yl = u.valToPos(low![i]!, 'price', true);
    ctx.strokeStyle = ctx.fillStyle = rising ? colours.up : colours.down;
    ctx.lineWidth = Math.max(1, Math.floor(uPlot.pxRatio));
    ctx.beginPath();
    ctx.moveTo(x + 0.5, Math.round(yh));
    ctx.lineTo(x + 0.5, Math.round(yl));
    ctx.stroke();
    const y = Math.round(Math.min(yo, yc));
    ctx.fillRect(Math.round(x - body / 2), y, Math.round(body), Math.max(1, Math.round(Math.abs(yc - yo))));
  }
  ctx.restore();
}

const hidden = { paths: () => null, points: { show: false } } as const;

export interface CandlePlot {
  setData(data: uPlot.AlignedData): void;
  /** Puts the crosshair on a candle (at its close), or takes it away (null): the keyboard's crosshair. */
  showCursor(index: number | null): void;
  setWidth(width: number): void;
  destroy(): void;
}

/** Creates the plot in `target`; `onCursor` gets the hovered candle's index, or null. */
export function createCandlePlot(target: HTMLElement, width: number, onCursor: (index: number | null) => void): CandlePlot {
  const options: uPlot.Options = {
    width: Math.max(100, width),
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: {
      points: { show: false },
      drag: { x: false, y: false },
      x: true,
      y: true,
    },
    scales: {
      x: { time: true },
      price: {
        auto: true,
        // Leave the bottom fifth to the volume bars.
        range: (_u, min, max) => {
          if (min === max) return [min * 0.99, max * 1.01 || 1];
          const span = max - min;
          return [min - span * (VOLUME_SHARE / (1 - VOLUME_SHARE)) - span * 0.02, max + span * 0.05];
        },
      },
      vol: { auto: true, range: (_u, _min, max) => [0, (max || 1) / VOLUME_SHARE] },
    },
    series: [
      {},
      { label: 'Open', scale: 'price', ...hidden },
      { label: 'High', scale: 'price', ...hidden },
      { label: 'Low', scale: 'price', ...hidden },
      { label: 'Close', scale: 'price', ...hidden },
      { label: 'Volume', scale: 'vol', ...hidden },
    ],
    axes: [
      { stroke: colours.axis, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid } },
      {
        scale: 'price',
        side: 1,
        stroke: colours.axis,
        grid: { stroke: colours.grid, width: 1 },
        ticks: { stroke: colours.grid },
        size: 70,
      },
    ],
    hooks: {
      draw: [drawCandles],
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
    },
  };
  const plot = new uPlot(options, [[], [], [], [], [], []], target);
  return {
    setData: (data) => plot.setData(data),
    showCursor(index) {
      const time = plot.data[0]?.[index ?? -1];
      const close = plot.data[4]?.[index ?? -1];
      // uPlot hides its cursor at a negative position and reports no index (setCursor hook).
      if (index === null || time == null || close == null) plot.setCursor({ left: -10, top: -10 });
      else plot.setCursor({ left: plot.valToPos(time, 'x'), top: plot.valToPos(close, 'price') });
    },
    setWidth: (w) => plot.setSize({ width: Math.max(100, w), height: CHART_HEIGHT }),
    destroy: () => plot.destroy(),
  };
}
