// Keyboard control of the price chart's crosshair, for people who cannot or do not use a mouse:
// with the plot focused, the arrow keys step one candle, Page Up/Down a tenth of the candles,
// Home/End jump to the first/last candle and Escape lets go (the readout returns to the live
// candle). Pure so the steps are tested without a canvas.

/** Candles a Page Up/Down moves: a tenth of those shown, at least one. */
function pageStep(count: number): number {
  return Math.max(1, Math.round(count / 10));
}

/**
 * The crosshair's candle index after `key`, given the current one (null: none, the readout shows
 * the last candle) and the number of candles; `undefined` when the key is not the crosshair's.
 */
export function crosshairAfterKey(key: string, current: number | null, count: number): number | null | undefined {
  if (key === 'Escape') return current === null ? undefined : null;
  if (count === 0) return undefined;
  const last = count - 1;
  const from = current === null ? last : Math.min(Math.max(current, 0), last);
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      // From no crosshair, the first press shows the newest candle, the one the readout had.
      return current === null ? last : Math.max(0, from - 1);
    case 'ArrowRight':
    case 'ArrowUp':
      return current === null ? last : Math.min(last, from + 1);
    case 'PageUp':
      return Math.max(0, from - pageStep(count));
    case 'PageDown':
      return Math.min(last, from + pageStep(count));
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
