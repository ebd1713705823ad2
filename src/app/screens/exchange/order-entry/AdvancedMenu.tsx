import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { OrderTypeName } from '../../../../worker/public';
import { useOutsideClick } from '../../../hooks/useOutsideClick';

export const ADVANCED_TYPES: readonly { type: OrderTypeName; label: string }[] = [
  { type: 'Stop', label: 'Stop' },
  { type: 'TrailingStop', label: 'Trailing Stop' },
  { type: 'IOC', label: 'Immediate or Cancel (IOC)' },
];

interface AdvancedMenuProps {
  readonly type: OrderTypeName;
  readonly onSelect: (type: OrderTypeName) => void;
}

/**
 * Spec B §2 Advanced dropdown (Stop, Trailing Stop, IOC) as a menu button: Enter, Space or the
 * arrow keys open it on an item; arrows, Home and End move; Enter or Space picks; Escape (or
 * Tab, or a click outside) closes it, and focus goes back to the button.
 */
export default function AdvancedMenu({ type, onSelect }: AdvancedMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const chosen = ADVANCED_TYPES.find((t) => t.type === type);

  useOutsideClick(root, () => setOpen(false), open);
  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const pick = (t: OrderTypeName) => {
    onSelect(t);
    close(true);
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(
        Math.max(
          0,
          ADVANCED_TYPES.findIndex((t) => t.type === type),
        ),
      );
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(ADVANCED_TYPES.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const n = ADVANCED_TYPES.length;
    if (event.key === 'ArrowDown') setActive((i) => (i + 1) % n);
    else if (event.key === 'ArrowUp') setActive((i) => (i + n - 1) % n);
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(n - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      close(false);
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className="oe-advanced" ref={root}>
      <button
        ref={button}
        type="button"
        className={`btn btn-small oe-type-btn${chosen ? ' is-active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() =>
          open
            ? close(false)
            : openAt(
                Math.max(
                  0,
                  ADVANCED_TYPES.findIndex((t) => t.type === type),
                ),
              )
        }
        onKeyDown={onButtonKey}
      >
        {chosen ? chosen.label : 'Advanced'} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div role="menu" id={menuId} aria-label="Advanced order types" className="oe-menu" onKeyDown={onMenuKey}>
          {ADVANCED_TYPES.map((t, i) => (
            <button
              key={t.type}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={t.type === type}
              tabIndex={i === active ? 0 : -1}
              className="oe-menu-item"
              onClick={() => pick(t.type)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
