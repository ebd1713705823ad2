// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { tradingTexts } from '../../../shared/messages';
import BookRow from './BookRow';
import OrderBook from './OrderBook';
import { bookView, level, snapshot } from './testing/fake-snapshot';

afterEach(cleanup);

function bodyRows(label: string) {
  return within(screen.getByRole('rowgroup', { name: label })).getAllByRole('row');
}
const prices = (label: string) => bodyRows(label).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('order book (spec B §2)', () => {
  test('B2 order book: asks above the mid, bids below', () => {
    const snap = snapshot({
      book: bookView({
        asks: [level('60001.5', '0.5'), level('60002', '1.25'), level('60010', '3')],
        bids: [level('60000.5', '0.75'), level('59999', '2')],
        mid: '60001.00',
        tick: 'up',
      }),
    });
    render(<OrderBook book={snap.book} base="BTC" quote="USD" />);

    // Worst ask at the top, best ask right above the mid; bids best first below it.
    expect(prices('Asks')).toEqual(['60,010.00', '60,002.00', '60,001.50']);
    expect(prices('Bids')).toEqual(['60,000.50', '59,999.00']);

    const groups = screen.getAllByRole('rowgroup');
    const asks = groups.findIndex((g) => g.getAttribute('aria-label') === 'Asks');
    const bids = groups.findIndex((g) => g.getAttribute('aria-label') === 'Bids');
    const mid = groups.findIndex((g) => g.textContent?.includes('60,001.00'));
    expect(asks).toBeLessThan(mid);
    expect(mid).toBeLessThan(bids);
    expect(groups[mid]!.textContent).toContain('▲');
    expect(groups[mid]!.textContent).toContain('Spread 1.00');
  });

  test('B2.order-book.click-fills-price: a click on a level, on any of its cells, picks its unformatted price; empty slots and the mid pick nothing', () => {
    const snap = snapshot({
      book: bookView({ asks: [level('60001.5', '0.5')], bids: [level('60000.5', '0.75'), level('1234.5678', '2')], mid: '60001.00' }),
    });
    const pick = vi.fn<(price: string) => void>();
    const { container } = render(<OrderBook book={snap.book} base="BTC" quote="USD" onPickPrice={pick} />);
    fireEvent.click(within(bodyRows('Asks').at(-1)!).getAllByRole('cell')[0]!);
    fireEvent.click(within(bodyRows('Bids')[1]!).getAllByRole('cell')[2]!);
    expect(pick.mock.calls).toEqual([['60001.5'], ['1234.5678']]);
    // Fourteen ask slots are empty (one level of 15), and the mid row is no level.
    fireEvent.click(container.querySelector('.ex-book-empty')!);
    fireEvent.click(screen.getByText('60,001.00'));
    expect(pick).toHaveBeenCalledTimes(2);
  });

  test('B2.order-book.column-headers: headers name the quote and base', () => {
    const snap = snapshot({ book: bookView({ spread: '0.000123', spreadPct: '0.25' }) });
    render(<OrderBook book={snap.book} base="ETH" quote="BTC" />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['PRICE BTC', 'QUANTITY ETH', 'SIZE ETH', 'EXCHANGE']);
    expect(screen.getByRole('heading', { name: /Order Book/ }).textContent).toContain('ETH/BTC');
  });

  test('B2.order-book.title: Order Book with the pair, the spread and the spread percent', () => {
    render(<OrderBook book={bookView({ spread: '0.000123', spreadPct: '0.25' })} base="ETH" quote="BTC" />);
    const section = screen.getByRole('region', { name: 'Order Book ETH/BTC' });
    expect(section.querySelector('.ex-card-header')!.textContent).toBe('Order Book ETH/BTCSpread 0.000123 (0.25%)');
  });

  test('B2.order-book.empty-asks-text, B2.order-book.empty-bids-text: empty messages', () => {
    const { rerender } = render(<OrderBook book={bookView({ asks: [], bids: [] })} base="BTC" quote="USD" />);
    expect(within(screen.getByRole('rowgroup', { name: 'Asks' })).getByText(tradingTexts.noAsks)).toBeTruthy();
    expect(within(screen.getByRole('rowgroup', { name: 'Bids' })).getByText(tradingTexts.noBids)).toBeTruthy();

    rerender(<OrderBook book={bookView({ asks: [level('1', '1')], bids: [] })} base="BTC" quote="USD" />);
    expect(screen.queryByText(tradingTexts.noAsks)).toBeNull();
    expect(screen.getByText(tradingTexts.noBids)).toBeTruthy();

    rerender(
      <OrderBook book={bookView({ asks: [], bids: [], loading: true, mid: null, spread: null, spreadPct: null })} base="BTC" quote="USD" />,
    );
    expect(screen.getAllByText(tradingTexts.loading)).toHaveLength(2);
  });

  test('B2.order-book.flash-levels, B2.order-book.depth-bars: new and changed levels flash, depth bar follows depthPct', () => {
    const book = bookView({
      asks: [level('60001', '1', { flash: 'new', depthPct: 100 })],
      bids: [level('60000', '0.5', { flash: 'changed', depthPct: 37.5 }), level('59990', '2', { depthPct: 12 })],
    });
    render(<OrderBook book={book} base="BTC" quote="USD" />);
    const [ask] = bodyRows('Asks');
    const [changed, plain] = bodyRows('Bids');
    expect(ask!.dataset.flash).toBe('new');
    expect(changed!.dataset.flash).toBe('changed');
    expect(plain!.dataset.flash).toBeUndefined();
    expect(ask!.style.backgroundSize).toBe('100% 100%');
    expect(changed!.style.backgroundSize).toBe('37.5% 100%');
    expect(plain!.style.backgroundSize).toBe('12% 100%');
  });

  test('B2 order book: a flash is on while the engine flags the level and off once it clears it, in the same row', () => {
    const { rerender } = render(
      <OrderBook book={bookView({ bids: [level('60000', '0.5', { flash: 'changed' })] })} base="BTC" quote="USD" />,
    );
    const before = bodyRows('Bids')[0]!;
    // Changed again while flashing: the engine keeps the flag 0.6 s from the latest change.
    rerender(<OrderBook book={bookView({ bids: [level('60000', '0.7', { flash: 'changed' })] })} base="BTC" quote="USD" />);
    expect(bodyRows('Bids')[0]).toBe(before);
    expect(before.dataset.flash).toBe('changed');
    rerender(<OrderBook book={bookView({ bids: [level('60000', '0.7')] })} base="BTC" quote="USD" />);
    expect(bodyRows('Bids')[0]).toBe(before);
    expect(before.dataset.flash).toBeUndefined();
    // Nothing is mounted per flash: the row keeps exactly its four cells.
    expect(before.children).toHaveLength(4);
  });

  test('B2 order book: rows are memoised on the level objects; unchanged levels keep their row', () => {
    const kept = level('59999', '2');
    const asks = [level('60001', '1')];
    const { rerender } = render(<OrderBook book={bookView({ asks, bids: [level('60000', '1'), kept] })} base="BTC" quote="USD" />);
    const [changedBefore, keptBefore] = bodyRows('Bids');
    rerender(<OrderBook book={bookView({ asks, bids: [level('60000', '1.5', { flash: 'changed' }), kept] })} base="BTC" quote="USD" />);
    const [changedAfter, keptAfter] = bodyRows('Bids');
    expect(keptAfter).toBe(keptBefore);
    // Same price in the same slot: the row is updated in place.
    expect(changedAfter).toBe(changedBefore);
    expect(changedAfter!.dataset.flash).toBe('changed');
    // React.memo: a row whose level object is the same skips rendering.
    expect((BookRow as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.memo'));
  });

  test('B2 order book: rows are slots counted from the mid; levels coming and going reuse them', () => {
    const { rerender } = render(
      <OrderBook
        book={bookView({ asks: [level('60001', '1'), level('60002', '2')], bids: [level('60000', '1'), level('59999', '2')] })}
        base="BTC"
        quote="USD"
      />,
    );
    const asksBefore = bodyRows('Asks');
    const bidsBefore = bodyRows('Bids');
    // A new best bid and a new best ask: every level moves one slot away from the mid.
    rerender(
      <OrderBook
        book={bookView({
          asks: [level('60000.5', '3', { flash: 'new' }), level('60001', '1'), level('60002', '2')],
          bids: [level('60000.25', '3', { flash: 'new' }), level('60000', '1'), level('59999', '2')],
        })}
        base="BTC"
        quote="USD"
      />,
    );
    expect(prices('Asks')).toEqual(['60,002.00', '60,001.00', '60,000.50']);
    expect(prices('Bids')).toEqual(['60,000.25', '60,000.00', '59,999.00']);
    const asksAfter = bodyRows('Asks');
    const bidsAfter = bodyRows('Bids');
    // The slots nearest the mid are the same elements; only the farthest slot is new.
    expect(asksAfter[2]).toBe(asksBefore[1]);
    expect(asksAfter[1]).toBe(asksBefore[0]);
    expect(bidsAfter[0]).toBe(bidsBefore[0]);
    expect(bidsAfter[1]).toBe(bidsBefore[1]);
    expect(bidsAfter[0]!.dataset.flash).toBe('new');
    expect(bidsAfter[1]!.dataset.flash).toBeUndefined();
  });

  test('B2 order book: a stale book is dimmed and badged', () => {
    const { container, rerender } = render(<OrderBook book={bookView({ stale: true })} base="BTC" quote="USD" />);
    expect(container.querySelector('.ex-order-book')!.className).toContain('is-stale');
    expect(screen.getByText('stale')).toBeTruthy();
    rerender(<OrderBook book={bookView({ stale: false })} base="BTC" quote="USD" />);
    expect(screen.queryByText('stale')).toBeNull();
  });

  test('B9 order book: a pair priced below 1 keeps its places (ETH/BTC)', () => {
    render(
      <OrderBook
        book={bookView({ asks: [level('0.050124', '3'), level('0.05013', '1')], bids: [level('0.0501', '2')], mid: '0.05' })}
        base="ETH"
        quote="BTC"
      />,
    );
    expect(prices('Asks')).toEqual(['0.050130', '0.050124']);
    expect(prices('Bids')).toEqual(['0.050100']);
  });

  test('B2.order-book.layout: each side keeps 15 rows, empty slots blank and hidden, so levels coming and going add or remove no row', () => {
    const { container, rerender } = render(
      <OrderBook
        book={bookView({ asks: [level('60001', '1'), level('60002', '2')], bids: [level('60000', '1')] })}
        base="BTC"
        quote="USD"
      />,
    );
    const all = (side: string) => [...container.querySelectorAll(`[aria-label="${side}"] > [role="row"]`)];
    const asksBefore = all('Asks');
    const bidsBefore = all('Bids');
    expect(asksBefore).toHaveLength(15);
    expect(bidsBefore).toHaveLength(15);
    // Only levels are rows to assistive technology; the best ask sits next to the mid.
    expect(prices('Asks')).toEqual(['60,002.00', '60,001.00']);
    expect(asksBefore[14]!.textContent).toContain('60,001.00');
    expect(asksBefore[0]!.getAttribute('aria-hidden')).toBe('true');
    expect(asksBefore[0]!.textContent).toBe('');

    rerender(
      <OrderBook
        book={bookView({ asks: [level('60001', '1')], bids: [level('60000', '1'), level('59999', '1'), level('59998', '1')] })}
        base="BTC"
        quote="USD"
      />,
    );
    all('Asks').forEach((row, i) => expect(row).toBe(asksBefore[i]));
    all('Bids').forEach((row, i) => expect(row).toBe(bidsBefore[i]));
    expect(prices('Asks')).toEqual(['60,001.00']);
    expect(prices('Bids')).toEqual(['60,000.00', '59,999.00', '59,998.00']);
    expect(bidsBefore[2]!.hasAttribute('aria-hidden')).toBe(false);
    expect(asksBefore[13]!.getAttribute('aria-hidden')).toBe('true');
  });
});
