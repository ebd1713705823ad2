// The `us` data package ships no types; this declares the part of it we read.
declare module 'us' {
  export interface State {
    name: string;
    abbr: string;
    fips: string;
    is_territory: boolean;
    statehood_year: number | null;
  }
  const us: { STATES: State[]; TERRITORIES: State[]; lookup(value: string): State | undefined };
  export default us;
}
