// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { ChartCandle, ChartView } from '../../../../worker/public';
import PriceChart from './PriceChart';

afterEach(cleanup);

const pair = { exchange: 'OX', base: 'BTC', quote: 'USD', symbol: 'OX:BTCUSD', pairSymbol: 'btcusd' };
const DAY = 86_400_000;
const candle = (i: number): ChartCandle => ({
  time: Date.UTC(2026, 10, 1) + i * DAY,
  open: String(60_000 + i),
  high: String(60_100 + i),
  low: String(59_900 + i),
  close: String(60_050 + i),
  volume: String(10 + i),
});
const chart: ChartView = { symbol: 'btcusd', interval: '1d', status: 'ready', candles: [0, 1, 2, 3, 4].map(candle) };

function setup() {
  render(<PriceChart pair={pair} chart={chart} last={null} interval="1d" onInterval={() => {}} />);
  const plot = screen.getByRole('application', { name: /BTC\/USD|OX:BTCUSD|candles/ });
  const readout = () =>
    within(screen.getByTestId('chart-readout'))
      .getAllByRole('definition')
      .map((d) => d.textContent);
  const announced = () => screen.getByTestId('chart-crosshair-announcement').textContent;
  return { plot, readout, announced };
}

describe('price chart crosshair from the keyboard', () => {
  test('B2.chart.crosshair-keyboard: the plot is focusable, arrows move the readout and it is announced', () => {
    const { plot, readout, announced } = setup();
    expect(plot.tabIndex).toBe(0);
    expect(plot.getAttribute('aria-describedby')).toBeTruthy();
    // Without a crosshair the readout shows the newest candle.
    expect(readout()[1]).toBe('60,004.00');
    plot.focus();
    expect(document.activeElement).toBe(plot);

    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(readout()[1]).toBe('60,004.00');
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(readout()[1]).toBe('60,003.00');
    expect(announced()).toMatch(/open 60,003\.00, high 60,103\.00, low 59,903\.00, close 60,053\.00, volume 13/);

    fireEvent.keyDown(plot, { key: 'Home' });
    expect(readout()[1]).toBe('60,000.00');
    expect(announced()).toMatch(/^2026-11-0[12]: open 60,000\.00/);
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(readout()[1]).toBe('60,001.00');
  });

  test('B2.chart.crosshair-keyboard: Escape lets go and the readout returns to the newest candle; other keys pass through', () => {
    const { plot, readout, announced } = setup();
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(readout()[1]).toBe('60,000.00');
    const tab = fireEvent.keyDown(plot, { key: 'Tab' });
    // Not the crosshair's key: not prevented, so focus moves on as usual.
    expect(tab).toBe(true);
    const escape = fireEvent.keyDown(plot, { key: 'Escape' });
    expect(escape).toBe(false);
    expect(readout()[1]).toBe('60,004.00');
    expect(announced()).toBe('Crosshair off.');
  });
});
