// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { tradingTexts } from '../../../shared/messages';
import { recentTradesView, snapshot, trade } from './testing/fake-snapshot';
import TimeAndSales from './TimeAndSales';

afterEach(cleanup);

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('time and sales (spec B §2)', () => {
  test('B2.time-and-sales.columns: side coloured, 25 rows max', () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      trade(i, { side: i % 3 === 0 ? 'sell' : 'buy', price: '60000.5', quantity: '0.123456789' }),
    );
    const snap = snapshot({ recentTrades: recentTradesView({ items }) });
    render(<TimeAndSales trades={snap.recentTrades} base="BTC" quote="USD" />);

    const rows = bodyRows();
    expect(rows).toHaveLength(25);
    const first = within(rows[0]!).getAllByRole('cell');
    expect(first[1]!.textContent).toBe('60,000.50');
    expect(first[2]!.textContent).toBe('0.12345679');
    expect(first[3]!.textContent).toBe('SELL');
    expect(first[3]!.className).toContain('ex-ask');
    const buy = within(rows[1]!).getAllByRole('cell')[3]!;
    expect(buy.textContent).toBe('BUY');
    expect(buy.className).toContain('ex-bid');
  });

  test('B2.time-and-sales.columns: headers name the quote and base', () => {
    render(<TimeAndSales trades={recentTradesView()} base="ETH" quote="BTC" />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Price (BTC)', 'Amount (ETH)', 'Side']);
  });

  test('B2.time-and-sales.loading-text, B2.time-and-sales.empty-text: Loading... then No trades available', () => {
    const { rerender } = render(<TimeAndSales trades={recentTradesView({ items: [], loading: true })} base="BTC" quote="USD" />);
    expect(screen.getByText(tradingTexts.loading)).toBeTruthy();
    rerender(<TimeAndSales trades={recentTradesView({ items: [], loading: false })} base="BTC" quote="USD" />);
    expect(screen.getByText(tradingTexts.noTrades)).toBeTruthy();
  });

  test('B3.live-trade.fields: time of day from the trade timestamp (seconds)', () => {
    const at = new Date(2024, 5, 1, 9, 5, 7).getTime() / 1000;
    render(<TimeAndSales trades={recentTradesView({ items: [trade(1, { timestamp: at })] })} base="BTC" quote="USD" />);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('09:05:07');
  });

  test('B2.time-and-sales.keeps-25: new trades rewrite the rows in place, none is built or removed', () => {
    const items = (from: number) => Array.from({ length: 25 }, (_, i) => trade(from - i, { price: String(60000 + from - i) }));
    const { rerender } = render(<TimeAndSales trades={recentTradesView({ items: items(100) })} base="BTC" quote="USD" />);
    const before = bodyRows();
    rerender(<TimeAndSales trades={recentTradesView({ items: items(110) })} base="BTC" quote="USD" />);
    const after = bodyRows();
    expect(after).toHaveLength(25);
    after.forEach((row, i) => expect(row).toBe(before[i]));
    expect(within(after[0]!).getAllByRole('cell')[1]!.textContent).toBe('60,110.00');
    expect(within(after[24]!).getAllByRole('cell')[1]!.textContent).toBe('60,086.00');
  });
});
