// Node flags of every exchange server process (npm start, npm run server, the benchmarks).
//
// --max-semi-space-size: each order allocates short-lived objects (the request, its parsed
// body, the batch's rows and statements), and with V8's default 16 MB young generation they were
// scavenged several times a second. 64 MB made whole-process CPU per order 9 % lower and the
// event loop's 11 % lower under bench/api-orders.ts (419–425 µs against 454–464 µs).
export const serverNodeFlags = ['--max-semi-space-size=64'];
