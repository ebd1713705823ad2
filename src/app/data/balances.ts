import { paths } from '../../shared/api/paths';
import { canonicalDecimal, isDecimalString } from '../../shared/money/units';
import { http } from '../http/client';
import { balancesResponseSchema, type Balance } from '../../shared/api/account';

/** GET /v1/account-management/balances (spec A §7), sorted by currency code. */
export async function fetchBalances(signal?: AbortSignal): Promise<Balance[]> {
  const balances = await http.get(paths.account.balances, { schema: balancesResponseSchema, ...(signal ? { signal } : {}) });
  return [...balances].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Decimal strings shown as written, minus noise such as trailing zeros; anything odd as is. */
export function displayAmount(value: string): string {
  if (!isDecimalString(value)) return value;
  try {
    return canonicalDecimal(value);
  } catch {
    return value; // more than 8 decimals: show what the server sent
  }
}
