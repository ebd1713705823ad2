// Node flags of every exchange server process (npm start, npm run server, npm run cluster, the
// benchmarks, and the servers the tests start through tests/e2e/support/server.ts).
//
// --max-semi-space-size: each order allocates short-lived objects (the request, its parsed
// body, the batch's rows and statements), and with V8's default 16 MB young generation they were
// scavenged several times a second. 64 MB made whole-process CPU per order 9 % lower and the
// event loop's 11 % lower under bench/api-orders.ts (419–425 µs against 454–464 µs).
//
// --heap-growing-percent: objects that outlive two young collections (resting orders, and many
// that die soon after) fill the old generation, and each full collection of it cost the event
// loop 20–30 ms of marking steps within 40–60 ms, then a 6–15 ms pause. Under bench/api-orders.ts
// the slowest hundredth of orders fell inside those windows. Letting the old generation grow to
// 4× what survived the last full collection, instead of V8's own adaptive factor, makes them
// rarer, for a larger heap (it reached about 280 MB instead of 210 MB in that benchmark).
export const serverNodeFlags = ['--max-semi-space-size=64', '--heap-growing-percent=300'];
