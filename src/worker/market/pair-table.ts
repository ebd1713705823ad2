import type { PairRow, PairSort, SortColumn } from '../api';
import { compareDecimalText } from '../decimal/canonical';

// Spec B §2/§4 pair table: search, quote filter and the sort cycle.

/** A new column sorts descending; the same column cycles desc → asc → none → desc. */
export function nextSort(current: PairSort | null, column: SortColumn): PairSort | null {
  if (current === null || current.column !== column) return { column, direction: 'desc' };
  return current.direction === 'desc' ? { column, direction: 'asc' } : null;
}

export function matchesSearch(row: PairRow, search: string): boolean {
  const q = search
    .trim()
    .toLowerCase()
    .replace(/[\s/_-]+/g, '');
  if (!q) return true;
  return (
    row.symbol.includes(q) ||
    row.base.toLowerCase().includes(q) ||
    row.quote.toLowerCase().includes(q) ||
    row.formattedSymbol
      .toLowerCase()
      .replace(/[\s/_-]+/g, '')
      .includes(q)
  );
}

function sortValue(row: PairRow, column: SortColumn): string | null {
  switch (column) {
    case 'pair':
      return row.formattedSymbol || row.symbol;
    case 'price':
      return row.last;
    case 'change':
      return row.changePct;
    case 'volume':
      // USD value makes volumes of different bases comparable; fall back to the base amount.
      return row.volumeUsd ?? row.volume;
  }
}

/** Rows with no value sort last in both directions. */
export function sortRows(rows: readonly PairRow[], sort: PairSort | null): readonly PairRow[] {
  if (!sort) return rows;
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const va = sortValue(a, sort.column);
    const vb = sortValue(b, sort.column);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    const c = sort.column === 'pair' ? va.localeCompare(vb) : compareDecimalText(va, vb);
    return c * sign;
  });
}

export function tableRows(all: readonly PairRow[], search: string, quoteFilter: string, sort: PairSort | null): readonly PairRow[] {
  const filtered = all.filter((r) => (quoteFilter === 'ALL' || r.quote === quoteFilter) && matchesSearch(r, search));
  return sortRows(filtered, sort);
}
