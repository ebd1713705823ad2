import { tradingLimits } from '../../../../shared/constants';

// Spec B §2/§9: every orders table shows 5 rows a page; the pager hides with one page.

export const PAGE_SIZE = tradingLimits.ordersPageSize;

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page actually shown: a list that shrank (an order left) never strands the user past its end. */
export function clampPage(page: number, total: number, size = PAGE_SIZE): number {
  return Math.min(Math.max(1, page), pageCount(total, size));
}

export function pageItems<T>(items: readonly T[], page: number, size = PAGE_SIZE): readonly T[] {
  const p = clampPage(page, items.length, size);
  return items.slice((p - 1) * size, p * size);
}
