import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { tradingTexts } from '../../../shared/messages';
import type { PairRow, PairsView } from '../../../worker/public';
import type { PairActions } from './pair-actions';
import PairTable from './PairTable';

interface PairPanelProps {
  readonly id: string;
  readonly pairs: PairsView;
  readonly selectedSymbol: string;
  readonly actions: PairActions;
  readonly onChoose: (row: PairRow) => void;
}

const ALL = 'ALL';

/** The dropdown: search box, quote-currency filter and the sortable pair table (spec B §2). */
export default function PairPanel({ id, pairs, selectedSymbol, actions, onChoose }: PairPanelProps) {
  // The box is local state: the engine's filtered rows come back a frame later, and a
  // controlled value that waited for them would drop keystrokes.
  const [search, setSearch] = useState(pairs.search);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => searchRef.current?.focus(), []);

  // From the search box, ArrowDown goes into the list, and Enter picks the first match, but only
  // once the engine's rows are those of the text typed: a row filtered for an earlier keystroke
  // is never the one picked.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      const first = listRef.current?.querySelector<HTMLButtonElement>('button.ex-pair-option');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Enter' && search.trim() !== '' && pairs.search === search) {
      const first = pairs.rows[0];
      if (first) {
        event.preventDefault();
        onChoose(first);
      }
    }
  };

  return (
    <div id={id} className="ex-pair-panel" role="dialog" aria-label="Select a market pair">
      <div className="ex-pair-tools">
        <input
          ref={searchRef}
          type="search"
          className="ex-input"
          placeholder={tradingTexts.pairSearchPlaceholder}
          aria-label={tradingTexts.pairSearchPlaceholder}
          value={search}
          onKeyDown={onSearchKey}
          onChange={(event) => {
            setSearch(event.target.value);
            actions.setPairSearch(event.target.value);
          }}
        />
        <div className="ex-quote-filter" role="group" aria-label="Quote currency">
          {[ALL, ...pairs.quotes].map((quote) => (
            <button
              key={quote}
              type="button"
              className={`btn btn-small ${pairs.quoteFilter === quote ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={pairs.quoteFilter === quote}
              onClick={() => actions.setPairQuoteFilter(quote)}
            >
              {quote}
            </button>
          ))}
        </div>
      </div>
      <div className="ex-pair-list" ref={listRef}>
        <PairTable pairs={pairs} selectedSymbol={selectedSymbol} onSelect={onChoose} onSort={(column) => actions.cyclePairSort(column)} />
      </div>
    </div>
  );
}
