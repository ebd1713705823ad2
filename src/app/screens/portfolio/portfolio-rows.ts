import type { Currency } from '../../../shared/api/account';
import type { Balance } from '../../../worker/public';
import { compareAmounts, isZeroAmount } from '../money/fixed-text';

// Spec A §3: rows are the tradable currencies joined with the balances (0 when none);
// spec A §4: same column toggles, a new column starts ascending.

export interface PortfolioRow {
  /** Lower case, as the API names it. */
  readonly currency: string;
  readonly name: string;
  readonly balance: string;
  readonly available: string;
}

export type PortfolioColumn = 'currency' | 'balance' | 'available';
export interface PortfolioSort {
  readonly column: PortfolioColumn;
  readonly direction: 'asc' | 'desc';
}

export function nextSort(current: PortfolioSort | null, column: PortfolioColumn): PortfolioSort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

export function joinRows(currencies: readonly Currency[], balances: readonly Balance[]): PortfolioRow[] {
  const byCode = new Map(balances.map((b) => [b.currency.toLowerCase(), b]));
  const rows = currencies.map((c) => {
    const code = c.symbol.toLowerCase();
    const b = byCode.get(code);
    byCode.delete(code);
    return { currency: code, name: c.name, balance: b?.balance ?? '0', available: b?.available ?? '0' };
  });
  // A balance in a currency no longer tradable is still the user's money: keep it visible.
  for (const [code, b] of byCode) rows.push({ currency: code, name: code.toUpperCase(), balance: b.balance, available: b.available });
  return rows;
}

/** The row's USD value with 2 decimals as the worker priced it; a row with no balance at all is worth 0. */
export function rowUsd(row: PortfolioRow, byCurrency: Readonly<Record<string, string | null>>): string | null {
  return byCurrency[row.currency] ?? (isZeroAmount(row.balance) ? '0.00' : null);
}

export function visibleRows(rows: readonly PortfolioRow[], search: string, hideZero: boolean, sort: PortfolioSort | null): PortfolioRow[] {
  const q = search.trim().toLowerCase();
  const out = rows.filter(
    (r) => (!q || r.currency.includes(q) || r.name.toLowerCase().includes(q)) && !(hideZero && isZeroAmount(r.balance)),
  );
  if (!sort) return out;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return out.sort((a, b) => {
    const c = sort.column === 'currency' ? a.currency.localeCompare(b.currency) : compareAmounts(a[sort.column], b[sort.column]);
    return sign * c || a.currency.localeCompare(b.currency);
  });
}
