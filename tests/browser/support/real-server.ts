import { rmSync } from 'node:fs';
import { startServer, tempDataDir, type RunningServer } from '../../e2e/support/server';
import { browserTestPorts, pageOrigins, REAL_SERVER_CONTROL, type RealServerControl } from './browser-project.mjs';

// Node side: the real reference server the browser project's tests talk to (through the Vite
// proxy, same origin as the test page). globalSetup starts and finally stops it; in between its
// controls sit on globalThis, where the browser commands (browser-project.mjs, loaded by the
// config's own loader, a different module graph of the same process) find them.

/** Simulator events per second: books and trades on every pair within a second or so. */
export const BROWSER_SIM_RATE = 200;

const slot = globalThis as unknown as { [REAL_SERVER_CONTROL]?: RealServerControl };

export interface RealServerHandle {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startRealServer(): Promise<RealServerHandle> {
  const { serverPort, pagePort } = browserTestPorts();
  const dataDir = tempDataDir('ox-browser-');
  const env = {
    SIM_RATE: String(BROWSER_SIM_RATE),
    // The page's origin (the proxy changes the Host header, so it must be trusted explicitly).
    TRUSTED_ORIGINS: pageOrigins(pagePort).join(','),
    // API and hub only: the page is vitest's, not the built app.
    STATIC_DIR: '',
  };
  let server: RunningServer | null = await startServer({ port: serverPort, dataDir, env });
  // Start and stop one at a time, whoever asks.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => {});
    return next;
  };

  slot[REAL_SERVER_CONTROL] = {
    // Graceful (SIGTERM): the hub closes every connection, the process exits. The data folder
    // stays, so sessions survive the restart as they do in production.
    down: () =>
      serial(async () => {
        await server?.stop();
        server = null;
      }),
    // The same server again: same port, data folder and environment.
    up: () =>
      serial(async () => {
        if (!server || server.process.exitCode !== null) server = await startServer({ port: serverPort, dataDir, env });
      }),
  };

  return {
    url: `http://127.0.0.1:${serverPort}`,
    stop: () =>
      serial(async () => {
        delete slot[REAL_SERVER_CONTROL];
        await server?.stop();
        server = null;
        rmSync(dataDir, { recursive: true, force: true });
      }),
  };
}
