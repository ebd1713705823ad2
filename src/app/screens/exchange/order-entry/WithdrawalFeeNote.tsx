import { useEngineSelector } from '../../../hooks/useEngineSelector';
import { amountText } from '../../money/amount-text';

/**
 * Spec B §7: what taking the base currency out costs, from the engine's lookup; nothing while it
 * loads or after a failed lookup (spec B §8 leaves the fee undefined then).
 */
export default function WithdrawalFeeNote() {
  const base = useEngineSelector((s) => s.selected.base);
  const fee = useEngineSelector((s) => s.selected.withdrawalFee);
  if (fee === undefined) return null;
  return (
    <p className="oe-note muted oe-withdrawal-fee">
      Withdrawal fee <span className="oe-balance-value">{`${amountText(fee)} ${base}`}</span>
    </p>
  );
}
