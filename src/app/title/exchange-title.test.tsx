// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { PRODUCT_NAME } from '../../shared/constants';
import { ManualTimers } from '../time/manual-timers';
import { exchangeTitle } from './exchange-title';
import { useDocumentTitle, type TitleSource } from './useDocumentTitle';

afterEach(cleanup);

function fakeStore<S>(initial: S) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    getSnapshot: () => state,
    set(next: S) {
      state = next;
      for (const l of listeners) l();
    },
  };
}

describe('tab title (spec B §1)', () => {
  test('B1.title.best-bid-and-pair, B1.title.product-name-without-pair: tab title shows best bid and pair, or only the product name', () => {
    expect(exchangeTitle({ base: 'BTC', quote: 'USD', bestBid: '60123.45' })).toBe(`60,123.45 BTC/USD · ${PRODUCT_NAME}`);
    expect(exchangeTitle({ base: 'ETH', quote: 'BTC', bestBid: '0.050123' })).toBe(`0.050123 ETH/BTC · ${PRODUCT_NAME}`);
    expect(exchangeTitle({ base: 'BTC', quote: 'USD', bestBid: null })).toBe(`BTC/USD · ${PRODUCT_NAME}`);
    expect(exchangeTitle(null)).toBe(PRODUCT_NAME);
    expect(exchangeTitle({ base: '', quote: '', bestBid: '1' })).toBe(PRODUCT_NAME);
  });

  test('B1 tab title follows the store without re-rendering, and is restored on leaving', () => {
    const store = fakeStore<{ bid: string | null }>({ bid: '60000' });
    let renders = 0;
    function Probe({ source }: { source: TitleSource<{ bid: string | null }> }) {
      renders += 1;
      useDocumentTitle(source, (s) => exchangeTitle({ base: 'BTC', quote: 'USD', bestBid: s.bid }));
      return null;
    }
    const { unmount } = render(<Probe source={store} />);
    expect(document.title).toBe(`60,000.00 BTC/USD · ${PRODUCT_NAME}`);
    const rendersBefore = renders;
    store.set({ bid: '60123.45' });
    expect(document.title).toBe(`60,123.45 BTC/USD · ${PRODUCT_NAME}`);
    expect(renders).toBe(rendersBefore);
    unmount();
    expect(document.title).toBe(PRODUCT_NAME);
  });

  test('B1 tab title writes are spaced out; the latest best bid is written when the interval ends', () => {
    const timers = new ManualTimers();
    const store = fakeStore<{ base: string; bid: string | null }>({ base: 'BTC', bid: '60000' });
    function Probe() {
      useDocumentTitle(
        store,
        (s) => exchangeTitle({ base: s.base, quote: 'USD', bestBid: s.bid }),
        { minIntervalMs: 500, subject: (s) => s.base },
        timers,
      );
      return null;
    }
    const { unmount } = render(<Probe />);
    expect(document.title).toBe(`60,000.00 BTC/USD · ${PRODUCT_NAME}`);
    store.set({ base: 'BTC', bid: '60001' });
    store.set({ base: 'BTC', bid: '60002' });
    expect(document.title).toBe(`60,000.00 BTC/USD · ${PRODUCT_NAME}`);
    timers.advance(500);
    expect(document.title).toBe(`60,002.00 BTC/USD · ${PRODUCT_NAME}`);
    // Quiet for longer than the interval: the next change is written at once.
    timers.advance(600);
    store.set({ base: 'BTC', bid: '60003' });
    expect(document.title).toBe(`60,003.00 BTC/USD · ${PRODUCT_NAME}`);
    // Another pair is written at once, whatever the interval.
    store.set({ base: 'ETH', bid: '3000' });
    expect(document.title).toBe(`3,000.00 ETH/USD · ${PRODUCT_NAME}`);
    store.set({ base: 'ETH', bid: '3001' });
    unmount();
    expect(document.title).toBe(PRODUCT_NAME);
    timers.advance(1000);
    expect(document.title).toBe(PRODUCT_NAME);
  });
});
