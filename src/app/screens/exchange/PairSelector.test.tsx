// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { tradingTexts } from '../../../shared/messages';
import type { EngineSnapshot } from '../../../worker/public';
import type { PairActions } from './pair-actions';
import PairSelector from './PairSelector';
import PairSummary from './PairSummary';
import { pairRow, pairsView, selectedView, snapshot } from './testing/fake-snapshot';

afterEach(cleanup);

function fakeActions() {
  return {
    selectPair: vi.fn<PairActions['selectPair']>(),
    setPairSearch: vi.fn<PairActions['setPairSearch']>(),
    setPairQuoteFilter: vi.fn<PairActions['setPairQuoteFilter']>(),
    cyclePairSort: vi.fn<PairActions['cyclePairSort']>(),
  };
}

function renderSelector(snap: EngineSnapshot = snapshot(), actions = fakeActions()) {
  const view = (s: EngineSnapshot) => (
    <div>
      <p>outside</p>
      <PairSelector
        pairs={s.pairs}
        selected={s.selected}
        actions={actions}
        summary={<PairSummary row={s.selected.row} mid={s.book.mid} tick={s.book.tick} base={s.selected.base} />}
      />
    </div>
  );
  const result = render(view(snap));
  return { ...result, actions, update: (s: EngineSnapshot) => result.rerender(view(s)) };
}

/** The figure a header term labels (dt → dd). */
const stat = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const trigger = () => screen.getByRole('button', { name: /Market pair/ });

describe('market pair selector (spec B §2)', () => {
  test('B2.pair-selector.header: header shows pair, mid, change, volume with USD, low-high', () => {
    renderSelector(
      snapshot({
        selected: selectedView(
          'BTC',
          'USD',
          pairRow('BTC', 'USD', { changePct: '-1.5', low: '58000', high: '61000.5', volumeLabel: '1.23K', volumeUsdLabel: '$74.07M' }),
        ),
      }),
    );
    expect(trigger().textContent).toContain('BTC/USD');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(stat('Mid price').textContent).toContain('60,001.00');
    const change = within(stat('24h Change')).getByText('-1.50%');
    expect(change.className).toContain('ex-down');
    expect(stat('24h Volume').textContent).toBe('1.23K BTC (≈ $74.07M)');
    expect(stat('24h Low – High').textContent).toBe('58,000.00 – 61,000.50');
  });

  test('B2.pair-selector.search, B2.pair-selector.quote-filter: panel has the search box, ALL plus the quotes, and the sort arrow', async () => {
    const user = userEvent.setup();
    const { actions } = renderSelector();
    await user.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const search = screen.getByPlaceholderText(tradingTexts.pairSearchPlaceholder);
    expect(document.activeElement).toBe(search);
    await user.type(search, 'eth');
    expect(actions.setPairSearch).toHaveBeenLastCalledWith('eth');

    const filters = within(screen.getByRole('group', { name: 'Quote currency' })).getAllByRole('button');
    expect(filters.map((b) => b.textContent)).toEqual(['ALL', 'BTC', 'USD']);
    expect(filters[0]!.getAttribute('aria-pressed')).toBe('true');
    await user.click(filters[2]!);
    expect(actions.setPairQuoteFilter).toHaveBeenCalledWith('USD');

    const volume = screen.getByRole('columnheader', { name: /Volume/ });
    expect(volume.getAttribute('aria-sort')).toBe('descending');
    expect(volume.textContent).toContain('▼');
    await user.click(within(screen.getByRole('columnheader', { name: /Price/ })).getByRole('button'));
    expect(actions.cyclePairSort).toHaveBeenCalledWith('price');
  });

  test('B2.pair-selector.table-columns: Pair, Price, 24h Change and Volume, each a sort button', async () => {
    const user = userEvent.setup();
    const { actions } = renderSelector();
    await user.click(trigger());
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent?.replace(/[▲▼]/g, ''))).toEqual(['Pair', 'Price', '24h Change', 'Volume']);
    for (const h of headers) await user.click(within(h).getByRole('button'));
    expect(actions.cyclePairSort.mock.calls).toEqual([['pair'], ['price'], ['change'], ['volume']]);
  });

  test('B2.pair-selector.volume-usd: the Volume column shows what it sorts by, the USD worth, with the base amount in its title', async () => {
    const user = userEvent.setup();
    const rows = [
      pairRow('ETH', 'BTC', { volumeLabel: '942.69', volumeUsdLabel: '$2.83M' }),
      pairRow('BTC', 'USD', { volumeLabel: '46.93', volumeUsdLabel: '$2.81M' }),
      pairRow('XYZ', 'USD', { volumeLabel: '12.00', volumeUsd: null, volumeUsdLabel: null }),
    ];
    renderSelector(snapshot({ pairs: pairsView({ rows, all: rows }) }));
    await user.click(trigger());
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[2]!);
    expect(cells.map((c) => c.textContent)).toEqual(['≈ $2.83M', '≈ $2.81M', '12.00 XYZ']);
    expect(cells.map((c) => c.getAttribute('title'))).toEqual(['942.69 ETH', '46.93 BTC', null]);
  });

  test('B4 pair selector: the sort arrow follows the engine cycle', async () => {
    const user = userEvent.setup();
    const { update } = renderSelector(snapshot({ pairs: pairsView({ sort: { column: 'price', direction: 'asc' } }) }));
    await user.click(trigger());
    const price = () => screen.getByRole('columnheader', { name: /Price/ });
    expect(price().getAttribute('aria-sort')).toBe('ascending');
    expect(price().textContent).toContain('▲');
    update(snapshot({ pairs: pairsView({ sort: null }) }));
    expect(price().getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Volume/ }).getAttribute('aria-sort')).toBe('none');
  });

  test('B2.pair-selector.empty-loading-text, B2.pair-selector.empty-no-data-text, B2.pair-selector.empty-no-match-text: three empty messages', async () => {
    const user = userEvent.setup();
    const { update } = renderSelector(snapshot({ pairs: pairsView({ status: 'loading', all: [], rows: [], quotes: [] }) }));
    await user.click(trigger());
    expect(screen.getByText(tradingTexts.loadingMarketData)).toBeTruthy();

    update(snapshot({ pairs: pairsView({ status: 'ready', all: [], rows: [], quotes: [] }) }));
    expect(screen.getByText(tradingTexts.noMarketData)).toBeTruthy();

    update(snapshot({ pairs: pairsView({ rows: [], search: 'zzz' }) }));
    expect(screen.getByText(tradingTexts.noPairsMatching)).toBeTruthy();
  });

  test('B2.pair-selector.click-selects: clicking a pair selects it and closes the panel', async () => {
    const user = userEvent.setup();
    const { actions } = renderSelector();
    await user.click(trigger());
    const row = screen.getByRole('row', { name: /ETH\/BTC/ });
    expect(within(row).getByText('0.050123')).toBeTruthy();
    await user.click(within(row).getAllByRole('cell')[0]!);
    expect(actions.selectPair).toHaveBeenCalledTimes(1);
    expect(actions.selectPair).toHaveBeenCalledWith('ETH', 'BTC');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  test('B2.pair-selector.outside-click-closes: outside click closes', async () => {
    const user = userEvent.setup();
    const { actions } = renderSelector();
    await user.click(trigger());
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(actions.selectPair).not.toHaveBeenCalled();
  });

  test('B2 pair selector: keyboard — Escape closes, arrows and Enter pick a pair', async () => {
    const user = userEvent.setup();
    const { actions } = renderSelector();
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    await user.keyboard('{Enter}');
    const options = screen.getAllByRole('button', { name: /\// }).filter((b) => b.className.includes('ex-pair-option'));
    options[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(options[1]);
    await user.keyboard('{Enter}');
    expect(actions.selectPair).toHaveBeenCalledWith('ETH', 'USD');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('B2.pair-selector.search-keys: from the search box ArrowDown enters the list and Enter picks the first match, never a row of an earlier keystroke', async () => {
    const user = userEvent.setup();
    const { actions, update } = renderSelector();
    await user.click(trigger());
    const search = screen.getByRole('searchbox');
    expect(document.activeElement).toBe(search);
    await user.keyboard('eth');
    expect(actions.setPairSearch).toHaveBeenLastCalledWith('eth');
    // The engine has not filtered for "eth" yet: its first row is BTC/USD, which Enter must not pick.
    await user.keyboard('{Enter}');
    expect(actions.selectPair).not.toHaveBeenCalled();
    const filtered = pairsView({ search: 'eth', rows: [pairRow('ETH', 'USD'), pairRow('ETH', 'BTC')] });
    update(snapshot({ pairs: filtered }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('ETH/USD');
    search.focus();
    await user.keyboard('{Enter}');
    expect(actions.selectPair).toHaveBeenCalledWith('ETH', 'USD');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('B2 pair selector: the selected pair is marked in the table', async () => {
    const user = userEvent.setup();
    renderSelector();
    await user.click(trigger());
    const current = screen.getByRole('button', { name: 'BTC/USD', current: true });
    expect(current).toBeTruthy();
  });
});
