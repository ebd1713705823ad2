import { accountLimits } from '../../../shared/constants';

// Spec A §4 "News" (current page clamped between 1 and the number of pages) and §9 (6 a page,
// at most 5 page pills with an ellipsis for the rest).

export function pageCount(items: number, size = accountLimits.newsPageSize): number {
  return Math.max(1, Math.ceil(items / size));
}

export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

export type Pill = number | 'ellipsis-start' | 'ellipsis-end';

/** At most `max` numbered pills around the current page; ellipses where pages are left out. */
export function pagePills(current: number, pages: number, max = accountLimits.newsMaxPagePills): Pill[] {
  if (pages <= max) return Array.from({ length: pages }, (_, i) => i + 1);
  let start = Math.max(1, current - Math.floor(max / 2));
  const end = Math.min(pages, start + max - 1);
  start = Math.max(1, end - max + 1);
  const pills: Pill[] = [];
  if (start > 1) pills.push('ellipsis-start');
  for (let p = start; p <= end; p++) pills.push(p);
  if (end < pages) pills.push('ellipsis-end');
  return pills;
}
