import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { transactionLimits } from '../../../shared/constants';
import { useOutsideClick } from '../../hooks/useOutsideClick';
import type { TransactionType } from './transaction-filter';

// Spec B §2 "types (multi-select)" with the select texts of spec B §8.
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default function TypesSelect({ value, onChange }: { value: readonly TransactionType[]; onChange(next: TransactionType[]): void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  // ArrowDown on the closed button opens the panel and puts the keyboard in its search box.
  const [focusSearch, setFocusSearch] = useState(false);
  useEffect(() => {
    if (open && focusSearch) {
      searchBox.current?.focus();
      setFocusSearch(false);
    }
  }, [open, focusSearch]);
  const panelId = useId();
  const labelId = useId();
  useOutsideClick(root, () => setOpen(false), open);
  const shown = transactionLimits.types.filter((t) => t.includes(search.trim().toLowerCase()));
  // Up and Down move between the search box and the checkboxes, as in a list.
  const onPanelKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const stops = [...(panel.current?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    const next = stops[stops.indexOf(document.activeElement as HTMLInputElement) + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  const toggle = (t: TransactionType) =>
    onChange(value.includes(t) ? value.filter((v) => v !== t) : transactionLimits.types.filter((x) => x === t || value.includes(x)));

  return (
    <div
      className="field multi-select"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <span className="field-label" id={labelId}>
        Types
      </span>
      <button
        type="button"
        className="multi-select-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${labelId} ${panelId}-summary`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setFocusSearch(true);
          }
        }}
      >
        <span id={`${panelId}-summary`}>{value.length === 0 ? 'All types' : value.map(capitalise).join(', ')}</span>
      </button>
      {open && (
        <div className="multi-select-panel" id={panelId} role="group" aria-labelledby={labelId} ref={panel} onKeyDown={onPanelKey}>
          <input
            ref={searchBox}
            type="search"
            className="multi-select-search"
            placeholder="Type to search"
            aria-label="Search types"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {shown.length === 0 ? (
            <p className="muted multi-select-none">No items found</p>
          ) : (
            <ul className="multi-select-options">
              {shown.map((t) => (
                <li key={t}>
                  <label>
                    <input type="checkbox" checked={value.includes(t)} onChange={() => toggle(t)} /> {capitalise(t)}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={value.length === 0}
            onClick={() => {
              onChange([]);
              // The button is disabled once nothing is chosen; the keyboard goes back to the search box.
              searchBox.current?.focus();
            }}
          >
            Clear all
          </button>
        </div>
      )}
    </div>
  );
}
