import { describe, expect, it } from 'vitest';
import { accountMessages, tradingTexts } from './messages';

// The trading screens' tests find these texts through the constants, so a reworded constant
// would pass them; the spec's wording is pinned here once.
describe('trading screen texts (spec B §2)', () => {
  it('B2.pair-selector.search, B2.pair-selector.empty-loading-text, B2.pair-selector.empty-no-data-text, B2.pair-selector.empty-no-match-text: the pair selector words', () => {
    expect(tradingTexts.pairSearchPlaceholder).toBe('Search pair (e.g. BTC or USD)');
    expect(tradingTexts.loadingMarketData).toBe('Loading market data...');
    expect(tradingTexts.noMarketData).toBe('No market data available.');
    expect(tradingTexts.noPairsMatching).toBe('No pairs found matching your criteria.');
  });

  it('B2.order-book.empty-asks-text, B2.order-book.empty-bids-text, B2.time-and-sales.empty-text, B2.time-and-sales.loading-text: the book and trades words', () => {
    expect(tradingTexts.noAsks).toBe('No Asks Available');
    expect(tradingTexts.noBids).toBe('No Bids Available');
    expect(tradingTexts.noTrades).toBe('No trades available');
    expect(tradingTexts.loading).toBe('Loading...');
  });

  it('B2.not-found.text: the not-found page reads 404 NOT FOUND', () => {
    expect(accountMessages.notFound).toBe('404 NOT FOUND');
  });
});
