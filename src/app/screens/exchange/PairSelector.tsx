import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { PairRow, PairsView, SelectedPairView } from '../../../worker/public';
import { useOutsideClick } from '../../hooks/useOutsideClick';
import type { PairActions } from './pair-actions';
import PairPanel from './PairPanel';

interface PairSelectorProps {
  readonly pairs: PairsView;
  readonly selected: SelectedPairView;
  readonly actions: PairActions;
  /** The selected pair's figures (PairSummary), given by the caller so book frames re-render only it. */
  readonly summary?: ReactNode;
  /** Extra content at the end of the header (the connection state). */
  readonly aside?: ReactNode;
}

/** Spec B §2 market pair selector: the selected pair's figures and a dropdown to pick another. */
export default function PairSelector({ pairs, selected, actions, summary, aside }: PairSelectorProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }, []);
  useOutsideClick(rootRef, () => close(false), open);

  const choose = useCallback(
    (row: PairRow) => {
      actions.selectPair(row.base, row.quote);
      close(true);
    },
    [actions, close],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const label = selected.row?.formattedSymbol ?? `${selected.base}/${selected.quote}`;
  return (
    <div className="card ex-card ex-pair-selector" ref={rootRef} onKeyDown={onKeyDown}>
      <div className="ex-pair-header">
        <button
          ref={triggerRef}
          type="button"
          className="ex-pair-trigger"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="ex-sr-only">Market pair: </span>
          <span className="ex-pair-name">{label}</span>
          <span className="ex-caret" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
        {summary}
        {aside}
      </div>
      {open ? <PairPanel id={panelId} pairs={pairs} selectedSymbol={selected.symbol} actions={actions} onChoose={choose} /> : null}
    </div>
  );
}
