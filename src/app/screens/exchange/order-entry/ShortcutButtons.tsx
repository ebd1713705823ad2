import { tradingLimits } from '../../../../shared/constants';
import type { PriceShortcut } from '../../../../worker/public';

const PRICE_SHORTCUTS: readonly { kind: PriceShortcut; label: string; name: string }[] = [
  { kind: 'bid', label: 'Bid', name: 'Bid' },
  { kind: 'ask', label: 'Ask', name: 'Ask' },
  { kind: 'mid', label: 'Mid', name: 'Mid' },
  { kind: 'plus1', label: '+1%', name: '+1%' },
  { kind: 'minus1', label: '-1%', name: '-1%' },
];

/** Spec B §2/§9 price buttons: Bid, Ask, Mid, +1 %, −1 % (the engine reads the live book). */
export function PriceShortcuts({ onPick, label }: { onPick: (kind: PriceShortcut) => void; label: string }) {
  return (
    <div className="oe-shortcuts" role="group" aria-label={label}>
      {PRICE_SHORTCUTS.map((s) => (
        <button key={s.kind} type="button" className="btn btn-small oe-chip" onClick={() => onPick(s.kind)}>
          {s.label}
        </button>
      ))}
    </div>
  );
}

/** Spec B §2/§9 percent buttons: 10, 25, 50, 75, 100 % of the available balance. */
export function PercentButtons({ onPick, label }: { onPick: (percent: number) => void; label: string }) {
  return (
    <div className="oe-shortcuts" role="group" aria-label={label}>
      {tradingLimits.percentShortcuts.map((p) => (
        <button key={p} type="button" className="btn btn-small oe-chip" onClick={() => onPick(p)}>
          {p}%
        </button>
      ))}
    </div>
  );
}
