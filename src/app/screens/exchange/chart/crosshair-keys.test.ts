import { describe, expect, it } from 'vitest';
import { crosshairAfterKey } from './crosshair-keys';

describe('chart crosshair from the keyboard', () => {
  it('B2.chart.crosshair-keyboard: arrows step one candle within the candles, starting from the newest', () => {
    expect(crosshairAfterKey('ArrowLeft', null, 10)).toBe(9);
    expect(crosshairAfterKey('ArrowRight', null, 10)).toBe(9);
    expect(crosshairAfterKey('ArrowLeft', 9, 10)).toBe(8);
    expect(crosshairAfterKey('ArrowRight', 8, 10)).toBe(9);
    expect(crosshairAfterKey('ArrowLeft', 0, 10)).toBe(0);
    expect(crosshairAfterKey('ArrowRight', 9, 10)).toBe(9);
    expect(crosshairAfterKey('ArrowDown', 5, 10)).toBe(4);
    expect(crosshairAfterKey('ArrowUp', 5, 10)).toBe(6);
  });

  it('B2.chart.crosshair-keyboard: Home, End and Page keys jump; a stale index is held inside fewer candles', () => {
    expect(crosshairAfterKey('Home', 7, 100)).toBe(0);
    expect(crosshairAfterKey('End', 7, 100)).toBe(99);
    expect(crosshairAfterKey('PageUp', 50, 100)).toBe(40);
    expect(crosshairAfterKey('PageDown', 95, 100)).toBe(99);
    expect(crosshairAfterKey('PageUp', 3, 5)).toBe(2);
    // The history was swapped for a shorter one (another interval) while the crosshair stood far right.
    expect(crosshairAfterKey('ArrowLeft', 40, 10)).toBe(8);
  });

  it('B2.chart.crosshair-keyboard: Escape lets go, other keys and an empty chart are not the crosshair’s', () => {
    expect(crosshairAfterKey('Escape', 4, 10)).toBeNull();
    expect(crosshairAfterKey('Escape', null, 10)).toBeUndefined();
    expect(crosshairAfterKey('Tab', 4, 10)).toBeUndefined();
    expect(crosshairAfterKey('a', 4, 10)).toBeUndefined();
    expect(crosshairAfterKey('ArrowLeft', null, 0)).toBeUndefined();
    expect(crosshairAfterKey('Home', 3, 0)).toBeUndefined();
  });
});
