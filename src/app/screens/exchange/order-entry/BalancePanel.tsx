import { orderMessages } from '../../../../shared/messages';
import type { Balance, Loadable } from '../../../../worker/public';
import { formatDecimal } from '../format/decimal-text';

interface BalancePanelProps {
  readonly balances: Loadable<Balance>;
  /** Upper case: the currency the order spends (quote for a buy, base for a sell). */
  readonly currency: string;
}

/** The balance of a currency, or null when the user holds none (absent from the list). */
export function availableOf(balances: Loadable<Balance>, currency: string): string | null {
  const c = currency.toLowerCase();
  return balances.items.find((b) => b.currency.toLowerCase() === c)?.available ?? null;
}

/** Spec B §2 balance panel: 'Available' with up to 8 decimals and the currency, live from the balances feed. */
export default function BalancePanel({ balances, currency }: BalancePanelProps) {
  const available = availableOf(balances, currency);
  if (balances.status !== 'ready' && available === null) {
    return (
      <p className="oe-balance muted" aria-live="polite">
        Available —
      </p>
    );
  }
  if (available === null) {
    return (
      <p className="oe-balance muted" aria-live="polite">
        {orderMessages.doesNotHold(currency)}
      </p>
    );
  }
  return (
    <p className="oe-balance" aria-live="polite">
      <span className="muted">Available</span>{' '}
      <span className="oe-balance-value">
        {formatDecimal(available, { minDecimals: 0, maxDecimals: 8 })} {currency}
      </span>
    </p>
  );
}
