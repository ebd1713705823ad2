/**
 * Up and Down move the focus to the previous or next of `stops` (a list's items, in order; from
 * outside the list, Down goes to the first). True when the focus moved, and the key's default
 * (scrolling the page) is then prevented.
 */
export function stepFocus(event: { key: string; preventDefault(): void }, stops: readonly HTMLElement[]): boolean {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
  const next = stops[stops.indexOf(document.activeElement as HTMLElement) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return false;
  event.preventDefault();
  next.focus();
  return true;
}
