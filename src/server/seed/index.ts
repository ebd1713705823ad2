export { seed, type SeedResult } from './seed';
export { DEMO_EMAIL, DEMO_PASSWORD, demoBalances, seedCurrencies, seedPairs } from './reference-data';
