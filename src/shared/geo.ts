import { countries } from 'countries-list';
import us from 'us';

// Country, dialling-code and US-state lists come from maintained data packages, never typed
// by hand (spec A §3: full country list and the 50 US states, both sorted by label).

export interface Option {
  value: string;
  label: string;
}

export const countryOptions: readonly Option[] = Object.entries(countries)
  .map(([code, c]) => ({ value: code, label: c.name }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const countryCodes: ReadonlySet<string> = new Set(countryOptions.map((c) => c.value));

/** The 50 states: statehood_year is null for the District of Columbia and territories. */
export const usStateOptions: readonly Option[] = us.STATES.filter((s) => s.statehood_year !== null)
  .map((s) => ({ value: s.abbr, label: s.name }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const usStateCodes: ReadonlySet<string> = new Set(usStateOptions.map((s) => s.value));

export interface DiallingCode {
  /** '+1', '+44', … */
  code: string;
  country: string;
  countryName: string;
  label: string;
}

/** International dialling codes, one entry per country and code, sorted by country name. */
export const diallingCodes: readonly DiallingCode[] = Object.entries(countries)
  .flatMap(([iso, c]) =>
    c.phone.map((n) => ({
      code: `+${n}`,
      country: iso,
      countryName: c.name,
      label: `${c.name} (+${n})`,
    })),
  )
  .sort((a, b) => a.countryName.localeCompare(b.countryName) || a.code.localeCompare(b.code));

export const diallingCodeSet: ReadonlySet<string> = new Set(diallingCodes.map((d) => d.code));

export function countryName(code: string): string {
  return countries[code as keyof typeof countries]?.name ?? code;
}
