import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app is built into dist/ and served by the reference server; in `npm run dev`
// the API and hub are proxied to a running server (VITE_PROXY_TARGET, default :8080).
const proxyTarget = process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: '.',
  plugins: [react()],
  // zod configured for the Content-Security-Policy (no eval) before any schema is built,
  // in the page and in the worker alike: see src/shared/zod-without-eval.ts.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/shared/zod-without-eval.ts', import.meta.url)) }] },
  worker: { format: 'es' },
  // No source maps: dist/ is what the server publishes, and maps would hand out the sources.
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: {
    proxy: {
      '/v1': proxyTarget,
      '/dev': proxyTarget,
      '/healthz': proxyTarget,
      '/hubs': { target: proxyTarget, ws: true },
    },
  },
});
