import { describe, expect, it } from 'vitest';
import { countryOptions, usStateOptions } from './geo';

const labels = (options: readonly { label: string }[]) => options.map((o) => o.label);
const sorted = (list: readonly string[]) => [...list].sort((a, b) => a.localeCompare(b));

describe('country and US state lists (spec A §3)', () => {
  it('A3.enums.countries-sorted: every ISO country, once, sorted by label', () => {
    // 249 ISO 3166-1 countries plus Kosovo, as the countries-list package carries them.
    expect(countryOptions.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countryOptions.map((c) => c.value)).size).toBe(countryOptions.length);
    for (const code of ['US', 'GB', 'DE', 'JP', 'BR', 'ZA', 'AU', 'IE']) expect(countryOptions.some((c) => c.value === code)).toBe(true);
    expect(labels(countryOptions)).toEqual(sorted(labels(countryOptions)));
  });

  it('A3.enums.us-states-sorted: the 50 states, no district or territory, sorted by label', () => {
    expect(usStateOptions).toHaveLength(50);
    const codes = usStateOptions.map((s) => s.value);
    for (const code of ['AL', 'CA', 'NY', 'TX', 'WY', 'HI', 'AK']) expect(codes).toContain(code);
    for (const code of ['DC', 'PR', 'GU']) expect(codes).not.toContain(code);
    expect(labels(usStateOptions)).toEqual(sorted(labels(usStateOptions)));
  });
});
