import { startRealServer } from './real-server';

// globalSetup of the browser project (runs in Node, once per run, only when the project runs):
// the real server (src/server/main.ts) on the port vitest.config.ts proxies /v1, /dev and /hubs
// to, with a temporary DATA_DIR, the market simulator on and the test page's origin trusted.

export default async function setup(): Promise<() => Promise<void>> {
  const server = await startRealServer();
  return () => server.stop();
}
