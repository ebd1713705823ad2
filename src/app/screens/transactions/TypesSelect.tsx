import { useId, useRef, useState } from 'react';
import { transactionLimits } from '../../../shared/constants';
import { useOutsideClick } from '../../hooks/useOutsideClick';
import { stepFocus } from '../../keyboard/step-focus';
import type { TransactionType } from './transaction-filter';

// Spec B §2 "types (multi-select)" with the select texts of spec B §8.
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default function TypesSelect({ value, onChange }: { value: readonly TransactionType[]; onChange(next: TransactionType[]): void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  // ArrowDown on the button opens the panel with the keyboard in its search box (focused as the
  // box mounts, or at once when the panel is already open).
  const focusOnMount = useRef(false);
  const searchBoxRef = (el: HTMLInputElement | null) => {
    searchBox.current = el;
    if (el && focusOnMount.current) {
      focusOnMount.current = false;
      el.focus();
    }
  };
  const panelId = useId();
  const labelId = useId();
  useOutsideClick(root, () => setOpen(false), open);
  const shown = transactionLimits.types.filter((t) => t.includes(search.trim().toLowerCase()));
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
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          if (open) searchBox.current?.focus();
          else {
            focusOnMount.current = true;
            setOpen(true);
          }
        }}
      >
        <span id={`${panelId}-summary`}>{value.length === 0 ? 'All types' : value.map(capitalise).join(', ')}</span>
      </button>
      {open && (
        <div
          className="multi-select-panel"
          id={panelId}
          role="group"
          aria-labelledby={labelId}
          onKeyDown={(e) => stepFocus(e, [...e.currentTarget.querySelectorAll('input')])}
        >
          <input
            ref={searchBoxRef}
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
