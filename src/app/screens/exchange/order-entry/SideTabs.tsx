import { useRef, type KeyboardEvent } from 'react';
import type { Side } from '../../../../worker/public';

interface SideTabsProps {
  readonly side: Side;
  readonly panelId: string;
  readonly idPrefix: string;
  readonly onSelect: (side: Side) => void;
}

const SIDES: readonly { side: Side; label: string }[] = [
  { side: 'buy', label: 'Buy' },
  { side: 'sell', label: 'Sell' },
];

/** Spec B §2 Buy/Sell tabs: a tab list with roving focus; arrow keys, Home and End move and select. */
export default function SideTabs({ side, panelId, idPrefix, onSelect }: SideTabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = SIDES.findIndex((s) => s.side === side);
    let next: number;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (current + 1) % SIDES.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (current + SIDES.length - 1) % SIDES.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = SIDES.length - 1;
    else return;
    event.preventDefault();
    onSelect(SIDES[next]!.side);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Order side" className="oe-side-tabs" onKeyDown={onKeyDown}>
      {SIDES.map((s, i) => (
        <button
          key={s.side}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${s.side}`}
          aria-selected={side === s.side}
          aria-controls={panelId}
          tabIndex={side === s.side ? 0 : -1}
          className={`oe-side-tab oe-side-${s.side}`}
          onClick={() => onSelect(s.side)}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}
