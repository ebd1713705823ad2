import type { LimitCalcInput, LimitCalcResult, LimitField } from '../api';
import { Decimal, parseDecimal } from '../decimal/decimal';
import { truncateTrim } from '../decimal/format';

// Spec B §4/§5 limit form: of quantity, price and amount (total), the two edited last
// determine the third. The pair fee applies to the amount: buy amount = price × quantity ×
// (1 + fee), sell × (1 − fee), and the inverse when deriving price or quantity. Results are
// truncated, never rounded, to 8 decimals.

const FIELDS: readonly LimitField[] = ['price', 'quantity', 'amount'];

/** The edit history after `field` was edited: most recent first, two distinct fields. */
export function recordEdit(lastEdited: readonly LimitField[], field: LimitField): [LimitField, LimitField] {
  const other = lastEdited.find((f) => f !== field) ?? (field === 'amount' ? 'price' : 'amount');
  return [field, other];
}

export function recalcLimit(input: LimitCalcInput): LimitCalcResult {
  const [a, b] = input.lastEdited;
  if (a === b) return { ok: false, code: 'INVALID' };
  const derived = FIELDS.find((f) => f !== a && f !== b)!;
  const fee = parseDecimal(input.fee);
  if (!fee || fee.isNegative() || fee.gte(1)) return { ok: false, code: 'INVALID' };
  const factor = input.side === 'buy' ? new Decimal(1).plus(fee) : new Decimal(1).minus(fee);

  const need = FIELDS.filter((f) => f !== derived);
  const values: Partial<Record<LimitField, Decimal>> = {};
  for (const f of need) {
    const text = input[f].trim();
    if (text === '') return { ok: false, code: 'INCOMPLETE' };
    const v = parseDecimal(text);
    if (!v || v.isNegative()) return { ok: false, code: 'INVALID' };
    values[f] = v;
  }

  let result: Decimal;
  if (derived === 'amount') {
    result = values.price!.mul(values.quantity!).mul(factor);
  } else {
    const other = derived === 'price' ? values.quantity! : values.price!;
    const divisor = other.mul(factor);
    if (divisor.isZero()) return { ok: false, code: 'DIVIDE_BY_ZERO' };
    result = values.amount!.div(divisor);
  }
  const text = truncateTrim(result, 8);
  return {
    ok: true,
    derived,
    price: derived === 'price' ? text : input.price.trim(),
    quantity: derived === 'quantity' ? text : input.quantity.trim(),
    amount: derived === 'amount' ? text : input.amount.trim(),
  };
}
