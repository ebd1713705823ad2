import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';
import { browserCommands, browserTestPorts, PAGE_HOST } from './tests/browser/support/browser-project.mjs';

// One vitest run covers every kind of test, as separate projects:
// unit (beside the code; React files opt into jsdom per file), integration and fuzz (Node),
// browser (the real worker in headless Chromium) and e2e (a real server driven by Playwright).
const chromium = findChromium() ?? '/usr/bin/chromium';

// The browser project's page and the real server it talks to (started by its globalSetup):
// ports picked now, synchronously, because the proxy below is static config.
const browserPorts = browserTestPorts();
const realServer = `http://127.0.0.1:${browserPorts.serverPort}`;

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The jsdom form tests type whole registration forms key by key; on a loaded 2-core
          // machine one took 12 s against vitest's default limit of 5. A limit, not a target:
          // speed is measured in bench/.
          testTimeout: 20_000,
          setupFiles: ['src/app/testing/setup-unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The engine's module worker, bundled as ES modules like the app's build.
        worker: { format: 'es' },
        // Pre-bundled up front: discovering them mid-run makes Vite reload the test page.
        optimizeDeps: { include: ['comlink', '@microsoft/signalr', 'decimal.js', 'zod'] },
        // Same origin for the page, its worker and the real server: the API, dev routes and the
        // hub (WebSocket upgrades included) are forwarded, so its httpOnly cookies just work.
        // changeOrigin: the server sees its own host, so the page's Origin is admitted only
        // because globalSetup lists it in TRUSTED_ORIGINS, as a deployment behind a proxy would.
        server: {
          proxy: {
            '/v1': { target: realServer, changeOrigin: true },
            '/dev': { target: realServer, changeOrigin: true },
            '/hubs': { target: realServer, changeOrigin: true, ws: true },
          },
        },
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One file at a time: real-hub.test.ts takes the shared real server down and up again,
          // which must not cut another file's live connection mid-test.
          fileParallelism: false,
          // Node side: starts the real server (SIM_RATE, TRUSTED_ORIGINS, temp DATA_DIR), stops it after.
          globalSetup: ['tests/browser/support/global-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // A fixed origin, known to the server's TRUSTED_ORIGINS.
            api: { host: PAGE_HOST, port: browserPorts.pagePort, strictPort: true },
            provider: playwright({ launchOptions: { executablePath: chromium, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
            commands: browserCommands,
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // After the other projects, not beside them: on a 2-core machine the integration
          // suite's load runs would starve the browser and its server past the app's own
          // time limits (the 5 s session check of spec B §9 logs the user out).
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
