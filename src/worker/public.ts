// The one door from the page thread into the worker: everything src/app may import from
// src/worker comes through here. It holds the types of the comlink protocol (./api) and the two
// parts the page thread runs itself: the snapshot it shows before the worker's first update,
// and the structural sharing that keeps identity across the thread boundary. Those import
// nothing but src/shared, so no engine code (decimal.js, the book, the pollers) reaches the
// page's bundle; tests/integration/page-bundle.test.ts checks the production build for it.
// The worker itself is started by URL (src/app/engine-client/create-worker.ts), not imported.

export type * from './api';
export { initialSnapshot } from './snapshot/initial-snapshot';
export { replaceEqualDeep } from './snapshot/replace-equal-deep';
